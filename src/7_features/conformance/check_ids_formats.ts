/** @module The output formats of `mcptest conformance check-ids` (text, json): one name -> renderer map. */

import type { CheckIdsReport } from "./check_ids.ts";
import { ConformanceUsageError } from "./usage_error.ts";

/** Renders a check-id report as text (ending in a newline). */
export type CheckIdsRenderer = (report: CheckIdsReport) => string;

/** Every format of `check-ids --format`, by name. */
export const CHECK_IDS_FORMATS = {
  text: renderCheckIdsText,
  json: (report) => JSON.stringify(report, null, 2) + "\n",
} as const satisfies Readonly<Record<string, CheckIdsRenderer>>;

/** One of the names of {@link CHECK_IDS_FORMATS}. */
export type CheckIdsFormat = keyof typeof CHECK_IDS_FORMATS;

/**
 * `name` as a check-ids format (the `--format` parser).
 * @throws {ConformanceUsageError} an unknown name, listing the known ones (exit 1, seed 002)
 */
export function checkIdsFormat(name: string): CheckIdsFormat {
  if (Object.hasOwn(CHECK_IDS_FORMATS, name)) return name as CheckIdsFormat;
  throw new ConformanceUsageError(
    `unknown --format "${name}"; expected one of: ${Object.keys(CHECK_IDS_FORMATS).join(", ")}`,
  );
}

/** One line per check id (id, SEP, severity, implemented or untested), then a summary line. */
export function renderCheckIdsText(report: CheckIdsReport): string {
  const width = Math.max(...report.checks.map((c) => c.check.length), 10);
  const lines = report.checks.map((c) =>
    `${c.check.padEnd(width)}  SEP-${String(c.sep).padEnd(5)} ${c.severity.padEnd(6)} ${
      c.implemented ? "implemented" : "untested"
    }`
  );
  const untested = report.checks.length - report.implemented;
  lines.push(
    `${report.target_version} (${report.corpus_source}): ${report.checks.length} check ids, ` +
      `${report.implemented} implemented, ${untested} untested, ` +
      `${report.excluded} excluded requirements`,
  );
  return lines.join("\n") + "\n";
}
