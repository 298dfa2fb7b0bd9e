/** @module The keys of one run's cacheable tests: which servers replay which cassette, which tests are eligible, and each one's key, recorded for the same sequence or worked out over its replay prefix (docs/cache.md). */

import { relative } from "../../0_base/util/path.ts";
import {
  serverCassetteMode,
  serverCassettePath,
  sha256,
} from "../../2_connect/cassette/server_cassette.ts";
import { type NormalizeRule, readCassetteText } from "../../2_connect/cassette/format.ts";
import type { ServerSpec, TestCase } from "../../3_load/config/types.ts";
import { eligibility } from "./eligibility.ts";
import {
  EMPTY_PREFIX,
  keyAfter,
  keyContext,
  prefixStep,
  secretsHash,
  sequenceKey,
  testText,
} from "./key.ts";
import type { KeyedSequence } from "./store.ts";

/** What the cache needs of the suite. */
export interface CacheSuite {
  readonly servers: Readonly<Record<string, ServerSpec>>;
  readonly tests: readonly TestCase[];
  readonly secrets: readonly string[];
  readonly cassette?: { readonly normalize: readonly NormalizeRule[] };
}

/** What keying needs of the run. */
export interface KeyingOptions {
  /** Working directory: test files are relative to it, the store is `<cwd>/.mcptest/cache`. */
  readonly cwd: string;
  /** The run's cassette mode. */
  readonly mode: "auto" | "live" | "record";
  /** `--update-snapshots`. */
  readonly updateSnapshots: boolean;
  /** mcptest's version. */
  readonly toolVersion: string;
  /** Tests that run but are never looked up nor stored (skips, captures): they still count in the replay prefix. */
  readonly neverCached?: (test: TestCase) => boolean;
}

/** The cassette a server replays: its path (relative to the working directory) and SHA-256. */
export interface Cassette {
  readonly path: string;
  readonly hash: string;
}

/** One cacheable test's key and server. */
export interface Keyed {
  /** The cache key ({@link keyAfter}). */
  readonly key: string;
  /** The test's server key. */
  readonly server: string;
}

/** One server's part of a run's keying. */
export interface ServerKeying {
  /** The server's key in the suite. */
  readonly server: string;
  /** Its selected tests, in suite order. */
  readonly tests: readonly TestCase[];
  /** Each test's {@link testText}. */
  readonly texts: readonly string[];
  /** Whether each test is cacheable in this run. */
  readonly cacheable: readonly boolean[];
  /** The server-wide inputs of every key ({@link keyContext}). */
  readonly context: string;
  /** The key of the whole sequence ({@link sequenceKey}). */
  readonly sequence: string;
}

/**
 * Each server of the selected tests that has a cacheable test: its tests, their texts and
 * eligibility, its key context and its sequence key. Each key holds the replay prefix of its
 * server (the tests before it on the same server: a replay answers repeats in recorded order), so
 * a result stored after one sequence of tests is never served after another (a `--filter`, an
 * edit).
 */
export async function keyingOf(
  suite: CacheSuite,
  selected: readonly TestCase[],
  options: KeyingOptions,
  cassettes: ReadonlyMap<string, Cassette>,
  secret: string,
): Promise<Map<string, ServerKeying>> {
  const byServer = new Map<string, TestCase[]>();
  for (const test of [...selected].sort((a, b) => a.order - b.order)) {
    const tests = byServer.get(test.serverKey);
    if (tests) tests.push(test);
    else byServer.set(test.serverKey, [test]);
  }
  const secrets = await secretsHash(suite.secrets);
  const keyings = await Promise.all([...byServer].map(async ([key, tests]) => {
    const server = suite.servers[key];
    const cassetteHash = cassettes.get(key)?.hash;
    if (!server || cassetteHash === undefined) return undefined;
    const cacheable = tests.map((test) =>
      eligibility(test, {
        mode: options.mode,
        updateSnapshots: options.updateSnapshots,
        cassetteHash,
        optedOut: test.noCache === true || options.neverCached?.(test) === true,
        serverFlag: server.source === "cli flag",
      }).cacheable
    );
    if (!cacheable.includes(true)) return undefined;
    const context = keyContext({
      server: { name: server.name, revision: server.revision },
      cassetteHash,
      normalize: suite.cassette?.normalize ?? [],
      secretsHash: secrets,
      toolVersion: options.toolVersion,
    });
    const texts = tests.map(testText);
    const sequence = await sequenceKey(context, texts, secret);
    return { server: key, tests, texts, cacheable, context, sequence };
  }));
  return new Map(keyings.flatMap((k) => k ? [[k.server, k]] : []));
}

/**
 * The key of each of the server's tests (undefined: not cacheable), worked out over the replay
 * prefix: a hash chain over the texts of the tests before it that run (skipped ones send nothing)
 * and its own. It needs `loadSha256` first.
 */
export function chainKeys(keying: ServerKeying, secret: string): (string | undefined)[] {
  let prefix = EMPTY_PREFIX;
  return keying.tests.map((test, i) => {
    // The prefix after this test: the chain goes on from it, and the test's key holds it.
    const after = prefixStep(prefix, keying.texts[i]!);
    if (test.skip === undefined) prefix = after;
    return keying.cacheable[i] ? keyAfter(keying.context, after, secret) : undefined;
  });
}

/**
 * The keys a sealed pack recorded for this very sequence (the same selected tests, texts and
 * server-wide inputs: the keys the chain would give), or undefined when it recorded none, or
 * none for a test that is cacheable now.
 */
export function recordedKeys(
  keying: ServerKeying,
  sequences: readonly KeyedSequence[],
): (string | undefined)[] | undefined {
  const recorded = sequences.find((s) => s.sequence === keying.sequence);
  if (!recorded || recorded.keys.length !== keying.tests.length) return undefined;
  const keys = keying.cacheable.map((cacheable, i) => {
    const key = recorded.keys[i];
    return cacheable && typeof key === "string" ? key : undefined;
  });
  return keying.cacheable.every((cacheable, i) => !cacheable || keys[i] !== undefined)
    ? keys
    : undefined;
}

/**
 * The cassette each server of the selected tests would replay, with the SHA-256 of its bytes (mode
 * `auto` only; never for a `--server` flag target, which always runs live: its tests are neither
 * looked up nor stored).
 */
export async function cassettesOf(
  suite: CacheSuite,
  selected: readonly TestCase[],
  options: KeyingOptions,
): Promise<Map<string, Cassette>> {
  const cassettes = new Map<string, Cassette>();
  if (options.mode !== "auto") return cassettes;
  for (const key of new Set(selected.map((t) => t.serverKey))) {
    const server = suite.servers[key];
    if (!server || serverCassetteMode(server, options.mode) !== "auto") continue;
    const path = serverCassettePath(suite, server, options.cwd);
    try {
      const shown = relative(options.cwd, path);
      // Read through the cassette reader: the replay and the argument check get the same text.
      const hash = await sha256(await readCassetteText(path, shown));
      cassettes.set(key, { path: shown, hash });
    } catch { /* no cassette, or an unreadable one (the run reports it): nothing is cached */ }
  }
  return cassettes;
}
