/** @module The result cache of a run: serves cached results of eligible tests, stores new passing ones (docs/cache.md). */

import { join } from "../../0_base/util/path.ts";
import type { TestCase } from "../../3_load/config/types.ts";
import type { RunRecord, TestResult } from "../../4_record/run_record.ts";
import { summarize } from "../../4_record/summary.ts";
import {
  type CacheSuite,
  type Cassette,
  cassettesOf,
  chainKeys,
  type Keyed,
  keyingOf,
  type KeyingOptions,
  recordedKeys,
  type ServerKeying,
} from "./run_keys.ts";
import { type OpenPack, openPack, savePack } from "./packs.ts";
import { loadCacheSecret } from "./secret.ts";
import { loadSha256 } from "../../0_base/util/sha256.ts";
import { CACHE_DIR, type KeyedSequence, openEntry, sealEntry, type StoredEntry } from "./store.ts";

/** Options of {@link openResultCache}. */
export interface ResultCacheOptions extends KeyingOptions {
  /** false (`--no-cache`): nothing is read or written. */
  readonly enabled: boolean;
  /** The store's folder (default `<cwd>/.mcptest/cache`). */
  readonly dir?: string;
  /** The cache secret (default: {@link loadCacheSecret}, kept outside the repository). */
  readonly secret?: string;
}

/** The cache of one run. */
export interface ResultCache {
  /** The selected tests that must run (the others are served from the cache). */
  readonly toRun: readonly TestCase[];
  /** Results served from the cache, by test id (each marked `cached: true`). */
  readonly hits: ReadonlyMap<string, TestResult>;
  /**
   * Join the served results into the run's record (in suite order, summary recomputed) and store
   * the eligible tests that passed. Pass the record redacted: stored results are what it holds.
   */
  complete(record: RunRecord, order: readonly TestCase[]): Promise<RunRecord>;
}

/**
 * Open the cache for the `selected` tests of a run; read each server's pack once, look every
 * eligible test up. A server whose sealed pack recorded this very sequence of tests takes its
 * keys from there; the others work them out over the replay prefix (and record them when the run
 * completes).
 */
export async function openResultCache(
  suite: CacheSuite,
  selected: readonly TestCase[],
  options: ResultCacheOptions,
): Promise<ResultCache> {
  const none = { toRun: selected, hits: new Map(), complete: (r: RunRecord) => Promise.resolve(r) };
  if (!options.enabled || selected.length === 0) return none;
  const dir = options.dir ?? join(options.cwd, CACHE_DIR);
  const cassettes = await cassettesOf(suite, selected, options);
  // No server replays a cassette: no test is cacheable (docs/cache.md), nothing to look up.
  if (cassettes.size === 0) return none;
  const secret = options.secret ?? await loadCacheSecret(options.cwd);
  if (secret === undefined) return none; // no place outside the repository for the secret: no cache
  const keyings = await keyingOf(suite, selected, options, cassettes, secret);
  const packs = await openPacks(dir, suite, keyings, cassettes, secret);
  const { keys, sequences } = await keysOf(keyings, packs, secret);
  const found = new Map<string, TestResult>();
  for (const [id, { key, server }] of keys) {
    const pack = packs.get(server)!;
    const stored = openEntry(pack.entries, key, secret, pack.sealed);
    if (stored && stored.id === id && stored.status === "pass") {
      found.set(id, { ...stored, cached: true });
    }
  }
  const hits = replaySafe(selected, found);
  return {
    toRun: selected.filter((t) => !hits.has(t.id)),
    hits,
    async complete(record, order) {
      await store(record, { keys, packs, found, hits, secret, sequences });
      if (hits.size === 0) return record;
      const position = new Map(order.map((t, i) => [t.id, i]));
      const tests = [...record.tests.filter((t) => !hits.has(t.id)), ...hits.values()]
        .sort((a, b) =>
          (position.get(a.id) ?? order.length) - (position.get(b.id) ?? order.length)
        );
      return { ...record, tests, summary: summarize(tests) };
    },
  };
}

/**
 * The key of every cacheable test, by id: each server's from its pack when it recorded the same
 * sequence, else over the replay prefix (`sequences`: the ones to record, by server).
 */
async function keysOf(
  keyings: ReadonlyMap<string, ServerKeying>,
  packs: ReadonlyMap<string, OpenPack>,
  secret: string,
): Promise<{ keys: Map<string, Keyed>; sequences: Map<string, KeyedSequence> }> {
  const keys = new Map<string, Keyed>();
  const sequences = new Map<string, KeyedSequence>();
  for (const [server, keying] of keyings) {
    let list = recordedKeys(keying, packs.get(server)!.sequences);
    if (list === undefined) {
      await loadSha256(); // the chain hashes synchronously
      list = chainKeys(keying, secret);
      sequences.set(server, { sequence: keying.sequence, keys: list.map((k) => k ?? null) });
    }
    list.forEach((key, i) => {
      if (key !== undefined) keys.set(keying.tests[i]!.id, { key, server });
    });
  }
  return { keys, sequences };
}

/** The pack of every server that has a cacheable test, read at once (one file per server). */
async function openPacks(
  dir: string,
  suite: CacheSuite,
  keyings: ReadonlyMap<string, ServerKeying>,
  cassettes: ReadonlyMap<string, Cassette>,
  secret: string,
): Promise<Map<string, OpenPack>> {
  const servers = [...keyings.keys()];
  const packs = await Promise.all(servers.map((server) => {
    const cassette = cassettes.get(server)!;
    return openPack(dir, {
      server,
      name: suite.servers[server]!.name,
      cassettePath: cassette.path,
      cassetteHash: cassette.hash,
    }, secret);
  }));
  return new Map(servers.map((server, i) => [server, packs[i]!]));
}

/** What {@link store} needs of the open cache. */
interface Opened {
  readonly keys: ReadonlyMap<string, Keyed>;
  readonly packs: ReadonlyMap<string, OpenPack>;
  /** Every authentic entry this run found (served or not), by test id. */
  readonly found: ReadonlyMap<string, TestResult>;
  readonly hits: ReadonlyMap<string, TestResult>;
  readonly secret: string;
  /** The sequences this run keyed that its server's pack had not recorded, by server. */
  readonly sequences: ReadonlyMap<string, KeyedSequence>;
}

/**
 * Store the eligible tests that passed: each server with a new entry, or a sequence its pack had
 * not recorded, rewrites its pack once, keeping the entries this run found. Only a clean pass is
 * stored (a flaky one, passed on a retry, proves no determinism); a run with nothing new writes
 * nothing.
 */
async function store(record: RunRecord, opened: Opened): Promise<void> {
  const { keys, packs, found, hits, secret, sequences } = opened;
  const used = new Map<string, Map<string, StoredEntry>>();
  for (const server of sequences.keys()) used.set(server, new Map());
  const fresh = record.tests.filter((r) =>
    keys.has(r.id) && !hits.has(r.id) && r.status === "pass" && !r.flaky
  );
  if (fresh.length > 0) await loadSha256(); // each entry's MAC
  for (const { cached: _, ...result } of fresh) {
    const { key, server } = keys.get(result.id)!;
    const entry = sealEntry(key, result, secret, 0);
    if (entry) used.set(server, (used.get(server) ?? new Map()).set(key, entry));
  }
  for (const id of found.keys()) {
    const { key, server } = keys.get(id)!;
    const entries = used.get(server);
    const entry = packs.get(server)!.entries.get(key);
    if (entries && entry && !entries.has(key)) entries.set(key, entry);
  }
  // A cache that cannot be written is no cache: the run goes on.
  await Promise.all(
    [...used].map(([server, entries]) =>
      savePack(packs.get(server)!, entries, secret, sequences.get(server)).catch(() => {})
    ),
  );
}

/**
 * The hits that cannot change what any test that runs receives: a served test sends nothing, so a
 * hit followed by a running test of the same server would shift the replay of repeats; only the
 * hits after the server's last running (not skipped) test are served, the others run.
 */
function replaySafe(
  selected: readonly TestCase[],
  found: ReadonlyMap<string, TestResult>,
): Map<string, TestResult> {
  const lastRun = new Map<string, number>();
  for (const test of selected) {
    if (found.has(test.id) || test.skip !== undefined) continue;
    lastRun.set(test.serverKey, Math.max(lastRun.get(test.serverKey) ?? -Infinity, test.order));
  }
  const hits = new Map<string, TestResult>();
  for (const test of selected) {
    const result = found.get(test.id);
    if (result && test.order > (lastRun.get(test.serverKey) ?? -Infinity)) {
      hits.set(test.id, result);
    }
  }
  return hits;
}
