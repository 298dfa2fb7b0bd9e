/** @module The keys of one run's cacheable tests: which servers replay which cassette, which tests are eligible, and each one's key with its replay prefix (docs/cache.md). */

import { relative } from "../../0_base/util/path.ts";
import {
  serverCassetteMode,
  serverCassettePath,
  sha256,
} from "../../2_connect/cassette/server_cassette.ts";
import { type NormalizeRule, readCassetteText } from "../../2_connect/cassette/format.ts";
import type { ServerSpec, TestCase } from "../../3_load/config/types.ts";
import { eligibility } from "./eligibility.ts";
import { EMPTY_PREFIX, keyAfter, keyContext, prefixStep, secretsHash, testText } from "./key.ts";

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

/**
 * The key of every cacheable selected test, by id. Each key holds the replay prefix of its server:
 * the tests before it on the same server (a replay answers repeats in recorded order), so a result
 * stored after one sequence of tests is never served after another (a `--filter`, an edit).
 */
export async function keysOf(
  suite: CacheSuite,
  selected: readonly TestCase[],
  options: KeyingOptions,
  cassettes: ReadonlyMap<string, Cassette>,
  secret: string,
): Promise<Map<string, Keyed>> {
  const secrets = await secretsHash(suite.secrets);
  const keys = new Map<string, Keyed>();
  const prefixes = new Map<string, string>();
  /** Each server's {@link keyContext}: the same for all its tests, computed once. */
  const contexts = new Map<string, string>();
  for (const test of [...selected].sort((a, b) => a.order - b.order)) {
    // The prefix after this test: the chain goes on from it, and the test's key holds it.
    const after = prefixStep(prefixes.get(test.serverKey) ?? EMPTY_PREFIX, testText(test));
    if (test.skip === undefined) prefixes.set(test.serverKey, after);
    const server = suite.servers[test.serverKey];
    const cassetteHash = cassettes.get(test.serverKey)?.hash;
    const verdict = eligibility(test, {
      mode: options.mode,
      updateSnapshots: options.updateSnapshots,
      cassetteHash,
      optedOut: test.noCache === true || options.neverCached?.(test) === true,
      serverFlag: server?.source === "cli flag",
    });
    if (!verdict.cacheable || !server || cassetteHash === undefined) continue;
    let context = contexts.get(test.serverKey);
    if (context === undefined) {
      context = keyContext({
        server: { name: server.name, revision: server.revision },
        cassetteHash,
        normalize: suite.cassette?.normalize ?? [],
        secretsHash: secrets,
        toolVersion: options.toolVersion,
      });
      contexts.set(test.serverKey, context);
    }
    keys.set(test.id, { server: test.serverKey, key: keyAfter(context, after, secret) });
  }
  return keys;
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
