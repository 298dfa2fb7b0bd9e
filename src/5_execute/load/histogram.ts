/** @module The latency histogram of a load run (hdr-histogram-js), turned into the record's LoadStats. */

import * as hdr from "hdr-histogram-js";
import { LOAD_PERCENTILES, type LoadStats, minSamplesFor } from "../../4_record/load_stats.ts";

/** Latencies are kept in microseconds, 3 significant digits, up to an hour. */
const HIGHEST_US = 3_600_000_000;

/** Collects the latency of each measured call and counts the failed ones. */
export class LatencyRecorder {
  readonly #histogram = hdr.build({
    lowestDiscernibleValue: 1,
    highestTrackableValue: HIGHEST_US,
    numberOfSignificantValueDigits: 3,
    useWebAssembly: false,
  });
  #failures = 0;

  /** Record one measured call: its latency in milliseconds and whether it failed. */
  record(durationMs: number, failed: boolean): void {
    const us = Math.min(HIGHEST_US, Math.max(1, Math.round(durationMs * 1000)));
    this.#histogram.recordValue(us);
    if (failed) this.#failures++;
  }

  /** Measured calls so far. */
  get samples(): number {
    return this.#histogram.totalCount;
  }

  /**
   * The distribution: percentiles only where enough calls were measured ({@link minSamplesFor}).
   * @param elapsedMs the measured phase's wall-clock time, for the throughput
   */
  stats(
    elapsedMs: number,
    shape: Pick<LoadStats, "warmUp" | "concurrency" | "mode">,
  ): LoadStats {
    const samples = this.samples;
    // The histogram keeps 3 significant digits: so do the figures it gives.
    const ms = (us: number) => Number((us / 1000).toPrecision(3));
    const percentiles: Partial<Record<(typeof LOAD_PERCENTILES)[number][1], number>> = {};
    for (const [p, field] of LOAD_PERCENTILES) {
      if (samples >= minSamplesFor(p)) {
        percentiles[field] = ms(this.#histogram.getValueAtPercentile(p));
      }
    }
    return {
      samples,
      ...shape,
      failures: this.#failures,
      errorRate: samples === 0 ? 0 : this.#failures / samples,
      throughput: elapsedMs <= 0 ? 0 : Math.round((samples / elapsedMs) * 1000 * 100) / 100,
      ...percentiles,
      maxMs: samples === 0 ? 0 : ms(this.#histogram.maxValue),
      meanMs: samples === 0 ? 0 : ms(this.#histogram.mean),
    };
  }
}
