/** @module The result cache of a run: serves cached results of eligible tests, stores new passing ones (docs/cache.md). */

import { join } from "node:path";
import {
  serverCassetteMode,
  serverCassettePath,
  sha256,
} from "../../2_connect/cassette/connect.ts";
import type { NormalizeRule } from "../../2_connect/cassette/format.ts";
import type { ServerSpec, TestCase } from "../../3_load/config/types.ts";
import type { RunRecord, TestResult } from "../../4_record/run_record.ts";
import { summarize } from "../../4_record/summary.ts";
import { eligibility } from "./eligibility.ts";
import { cacheKey, EMPTY_PREFIX, prefixStep, secretsHash } from "./key.ts";
import { loadCacheSecret } from "./secret.ts";
import { CACHE_DIR, readEntry, writeEntry } from "./store.ts";

/** What the cache needs of the suite. */
export interface CacheSuite {
  readonly servers: Readonly<Record<string, ServerSpec>>;
  readonly tests: readonly TestCase[];
  readonly secrets: readonly string[];
  readonly cassette?: { readonly normalize: readonly NormalizeRule[] };
}

/** Options of {@link openResultCache}. */
export interface ResultCacheOptions {
  /** false (`--no-cache`): nothing is read or written. */
  readonly enabled: boolean;
  /** Working directory: test files are relative to it, the store is `<cwd>/.mcptest/cache`. */
  readonly cwd: string;
  /** The run's cassette mode. */
  readonly mode: "auto" | "live" | "record";
  /** `--update-snapshots`. */
  readonly updateSnapshots: boolean;
  /** mcptest's version. */
  readonly toolVersion: string;
  /** The store's folder (default `<cwd>/.mcptest/cache`). */
  readonly dir?: string;
  /** The cache secret (default: {@link loadCacheSecret}, kept outside the repository). */
  readonly secret?: string;
  /** Tests that run but are never looked up nor stored (skips, captures): they still count in the replay prefix. */
  readonly neverCached?: (test: TestCase) => boolean;
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

/** Open the cache for the `selected` tests of a run; look every eligible one up. */
export async function openResultCache(
  suite: CacheSuite,
  selected: readonly TestCase[],
  options: ResultCacheOptions,
): Promise<ResultCache> {
  const none = { toRun: selected, hits: new Map(), complete: (r: RunRecord) => Promise.resolve(r) };
  if (!options.enabled || selected.length === 0) return none;
  const dir = options.dir ?? join(options.cwd, CACHE_DIR);
  const hashes = await cassetteHashes(suite, selected, options);
  // No server replays a cassette: no test is cacheable (docs/cache.md), nothing to look up.
  if (hashes.size === 0) return none;
  const secret = options.secret ?? await loadCacheSecret(options.cwd);
  if (secret === undefined) return none; // no place outside the repository for the secret: no cache
  const keys = await keysOf(suite, selected, options, hashes, secret);
  const found = new Map<string, TestResult>();
  for (const [id, key] of keys) {
    const stored = await readEntry(dir, key, secret);
    if (stored && stored.id === id && stored.status === "pass") {
      found.set(id, { ...stored, cached: true });
    }
  }
  const hits = replaySafe(selected, found);
  return {
    toRun: selected.filter((t) => !hits.has(t.id)),
    hits,
    async complete(record, order) {
      for (const result of record.tests) {
        const key = keys.get(result.id);
        // Only a clean pass is stored: a flaky one (passed on a retry) proves no determinism.
        if (key === undefined || hits.has(result.id) || result.status !== "pass") continue;
        if (result.flaky) continue;
        const { cached: _, ...fresh } = result;
        await writeEntry(dir, key, fresh, secret).catch(() => {}); // a cache that cannot be written is no cache
      }
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
 * The key of every cacheable selected test, by id. Each key holds the replay prefix of its server:
 * the tests before it on the same server (a replay answers repeats in recorded order), so a result
 * stored after one sequence of tests is never served after another (a `--filter`, an edit).
 */
async function keysOf(
  suite: CacheSuite,
  selected: readonly TestCase[],
  options: ResultCacheOptions,
  hashes: ReadonlyMap<string, string>,
  secret: string,
): Promise<Map<string, string>> {
  const secrets = await secretsHash(suite.secrets);
  const keys = new Map<string, string>();
  const prefixes = new Map<string, string>();
  for (const test of [...selected].sort((a, b) => a.order - b.order)) {
    const prefix = prefixes.get(test.serverKey) ?? EMPTY_PREFIX;
    if (test.skip === undefined) prefixes.set(test.serverKey, prefixStep(prefix, test));
    const server = suite.servers[test.serverKey];
    const cassetteHash = hashes.get(test.serverKey);
    const verdict = eligibility(test, {
      mode: options.mode,
      updateSnapshots: options.updateSnapshots,
      cassetteHash,
      optedOut: test.noCache === true || options.neverCached?.(test) === true,
      serverFlag: server?.source === "cli flag",
    });
    if (!verdict.cacheable || !server || cassetteHash === undefined) continue;
    keys.set(
      test.id,
      cacheKey({
        test,
        server: { name: server.name, revision: server.revision },
        cassetteHash,
        normalize: suite.cassette?.normalize ?? [],
        secretsHash: secrets,
        toolVersion: options.toolVersion,
        prefix,
      }, secret),
    );
  }
  return keys;
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

/**
 * SHA-256 of the cassette each server of the selected tests would replay (mode `auto` only; never
 * for a `--server` flag target, which always runs live: its tests are neither looked up nor stored).
 */
async function cassetteHashes(
  suite: CacheSuite,
  selected: readonly TestCase[],
  options: ResultCacheOptions,
): Promise<Map<string, string>> {
  const hashes = new Map<string, string>();
  if (options.mode !== "auto") return hashes;
  for (const key of new Set(selected.map((t) => t.serverKey))) {
    const server = suite.servers[key];
    if (!server || serverCassetteMode(server, options.mode) !== "auto") continue;
    const path = serverCassettePath(suite, server, options.cwd);
    try {
      hashes.set(key, await sha256(await Deno.readTextFile(path)));
    } catch { /* no cassette, or an unreadable one (the run reports it): nothing is cached */ }
  }
  return hashes;
}
