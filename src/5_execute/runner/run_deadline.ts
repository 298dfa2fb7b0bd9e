/** @module The whole-run `--timeout`: a deadline every test checks before it starts and caps its request with. */

/** A run's deadline (`--timeout`); tests not started by then are reported as errors with {@link RunDeadline.reason}. */
export class RunDeadline {
  readonly #end: number;
  /**
   * @param limitMs the run's time limit in milliseconds
   * @param now the clock (milliseconds; default `performance.now`)
   */
  constructor(readonly limitMs: number, readonly now: () => number = () => performance.now()) {
    this.#end = now() + limitMs;
  }
  /** Milliseconds left (0 once expired). */
  remaining(): number {
    return Math.max(0, Math.ceil(this.#end - this.now()));
  }
  /** Whether the deadline has passed. */
  get expired(): boolean {
    return this.remaining() === 0;
  }
  /** Why a test was not run: `the run's --timeout of 30s was exceeded`. */
  get reason(): string {
    return `the run's --timeout of ${formatDuration(this.limitMs)} was exceeded`;
  }
}

/**
 * The request timeout of a test: the least of its timeout (its `timeout_ms:`, else its server's)
 * and the time the run has left; undefined when neither is given.
 */
export function requestTimeout(
  testMs: number | undefined,
  remainingMs: number | undefined,
): number | undefined {
  if (testMs === undefined) return remainingMs === undefined ? undefined : Math.max(1, remainingMs);
  return remainingMs === undefined ? testMs : Math.max(1, Math.min(testMs, remainingMs));
}

const UNITS: Readonly<Record<string, number>> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/**
 * Parse a duration: milliseconds (`1500`), or a number with a unit (`500ms`, `30s`, `1.5m`, `1h`).
 * @returns milliseconds (at least 1), or undefined when `text` is not a duration
 */
export function parseDuration(text: string): number | undefined {
  const match = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|m|h)?\s*$/.exec(text);
  if (!match) return undefined;
  const ms = Math.round(Number(match[1]) * (UNITS[match[2] ?? "ms"] ?? 1));
  return ms >= 1 && Number.isFinite(ms) ? ms : undefined;
}

/** `30s`, `1500ms`, `2m`: the shortest exact form. */
export function formatDuration(ms: number): string {
  if (ms % 60_000 === 0) return `${ms / 60_000}m`;
  if (ms % 1000 === 0) return `${ms / 1000}s`;
  return `${ms}ms`;
}
