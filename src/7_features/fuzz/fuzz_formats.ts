/** @module Every output format of `mcptest fuzz`: its own pretty and JSON, and every run reporter through the fuzz run record. */

import { getReporter } from "../../6_report/reporters.ts";
import { fuzzRecord } from "./fuzz_record.ts";
import { renderFuzz } from "./render.ts";

export { FUZZ_OUTPUT_FORMATS } from "./format_names.ts";
import type { FuzzReport } from "./types.ts";

/**
 * Render a fuzz report in `format`: the fuzz report itself for pretty and json, else the run
 * reporter of that name over {@link fuzzRecord} (so CI tools read the findings).
 */
export async function renderFuzzAs(
  report: FuzzReport,
  format: string,
  timing: { readonly startedAt: string; readonly durationMs: number },
  color = false,
): Promise<string> {
  if (format === "pretty" || format === "json") return renderFuzz(report, format, color);
  const reporter = await getReporter(format);
  return await reporter(fuzzRecord(report, timing.startedAt, timing.durationMs), { color });
}
