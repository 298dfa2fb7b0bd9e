/** @module The latency distribution of a test run under load (docs/load.md), as the run record keeps it. */

/** What one test measured under `load:` / `--repeat`. A percentile is absent when too few calls were measured to tell it. */
export interface LoadStats {
  /** Measured calls (warm-up excluded). */
  readonly samples: number;
  /** Warm-up calls made first and not measured. */
  readonly warmUp: number;
  /** Calls in flight at once. */
  readonly concurrency: number;
  /** Measured calls that failed (an error, or a failing assertion). */
  readonly failures: number;
  /** `failures / samples` (0 with no sample). */
  readonly errorRate: number;
  /** Measured calls per second of the measured phase. */
  readonly throughput: number;
  /** Median latency in milliseconds (needs 2 calls). */
  readonly p50Ms?: number;
  /** 90th percentile in milliseconds (needs 10 calls). */
  readonly p90Ms?: number;
  /** 95th percentile in milliseconds (needs 20 calls). */
  readonly p95Ms?: number;
  /** 99th percentile in milliseconds (needs 100 calls). */
  readonly p99Ms?: number;
  /** The slowest measured call in milliseconds. */
  readonly maxMs: number;
  /** The mean latency in milliseconds. */
  readonly meanMs: number;
  /** How the connections were made: `pipelined` (stdio: one process) or `sessions` (HTTP: one session per worker). */
  readonly mode: "pipelined" | "sessions";
}

/** The percentiles a run reports, with the record field of each. */
export const LOAD_PERCENTILES = [
  [50, "p50Ms"],
  [90, "p90Ms"],
  [95, "p95Ms"],
  [99, "p99Ms"],
] as const;

/**
 * The fewest measured calls a percentile can be told from: at least one call must lie above it,
 * so `pXX` needs `ceil(100 / (100 - XX))` calls (p50: 2, p90: 10, p95: 20, p99: 100).
 */
export function minSamplesFor(percentile: number): number {
  return Math.ceil(100 / (100 - percentile) - 1e-9);
}
