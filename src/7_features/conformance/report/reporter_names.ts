/** @module The names of the conformance reporters, without the renderers: what `--reporter` is checked against while the command line is parsed. */

import { ConformanceUsageError } from "../usage_error.ts";

/** Every conformance reporter's name (reporters.ts maps each to its renderer). */
export const CONFORMANCE_REPORTER_NAMES = ["pretty", "json", "markdown", "html"] as const;

/** One of {@link CONFORMANCE_REPORTER_NAMES}. */
export type ConformanceReporterName = typeof CONFORMANCE_REPORTER_NAMES[number];

/**
 * `name` when it names a conformance reporter (the `--reporter` parser of `conformance run`).
 * Own names only: `constructor` is unknown like any other.
 * @throws {ConformanceUsageError} listing the known names (a UsageError; exit 1, seed 002)
 */
export function conformanceReporterName(name: string): ConformanceReporterName {
  if ((CONFORMANCE_REPORTER_NAMES as readonly string[]).includes(name)) {
    return name as ConformanceReporterName;
  }
  throw new ConformanceUsageError(
    `unknown reporter "${name}"; expected one of: ${CONFORMANCE_REPORTER_NAMES.join(", ")}`,
  );
}
