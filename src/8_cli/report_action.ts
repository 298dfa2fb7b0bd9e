/** @module The `mcptest report` action: flags in, renderReport(), the report out, exit code. */

import { renderReport, reportExitCode } from "../7_features/report/render_report.ts";
import { writeOutput } from "../0_base/util/write_output.ts";
import { useColor } from "./color.ts";
import type { ReportOptions } from "./report.ts";

/**
 * Render (and with `--merge`, join) saved run records; returns the exit code: 1 when the rendered
 * record holds a failed or errored test (as `mcptest run` would have), 0 otherwise.
 */
export async function reportAction(paths: string[], options: ReportOptions): Promise<number> {
  const { record, chunks } = await renderReport(paths, {
    merge: options.merge,
    color: options.output === "-" && useColor(options.color),
    ...(options.format === undefined ? {} : { format: options.format }),
  });
  await writeOutput(options.output, chunks);
  return reportExitCode(record);
}
