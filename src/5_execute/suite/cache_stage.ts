/** @module Stage 2 of `runSuite`, cache lookup: serve the eligible selected tests from the result cache (docs/cache.md). */

import type { TestCase } from "../../3_load/config/types.ts";
import { openResultCache, type ResultCache } from "../cache/result_cache.ts";
import type { SuiteRun } from "./run_context.ts";

/** What the lookup left to run, and the cache that completes the record. */
export interface CacheLookup {
  /** The selected tests that must run, in suite order. */
  readonly toRun: readonly TestCase[];
  /** The cache of the run: its hits, and `complete` (stores passes, merges the hits). */
  readonly cache: ResultCache;
}

/**
 * `skip:` tests never reach the result cache: they are reported skipped, never a cached pass.
 * Tests that take or use captures are cached like the others. A served test sets no capture, and
 * that is safe: a capture is read only by later tests of the same file and server, and a hit is
 * served only after the last test of its server that runs (`replaySafe` in result_cache.ts), so
 * no test that runs ever needs it. A user's key holds its providers: they are earlier tests of its
 * server, in its replay prefix (docs/cache.md, captures).
 */
export function neverCached(test: TestCase): boolean {
  return test.skip !== undefined;
}

/**
 * Look the selected tests up in the result cache (only when `options.cache`); each hit is reported
 * to `onResult` at once. The tests left to run keep suite order.
 */
export async function cacheStage(
  run: SuiteRun,
  selected: readonly TestCase[],
): Promise<CacheLookup> {
  const cache = await openResultCache(run.suite, selected, {
    enabled: run.options.cache ?? false,
    cwd: run.cwd,
    mode: run.mode,
    updateSnapshots: run.updateSnapshots,
    toolVersion: run.toolVersion,
    neverCached,
  });
  for (const hit of cache.hits.values()) run.options.onResult?.(hit);
  const toRun = [...cache.toRun].sort((a, b) => a.order - b.order);
  return { toRun, cache };
}
