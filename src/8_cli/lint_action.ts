/** @module The `mcptest lint` action: scan, print findings, return 0 / 1 / 2. */

import { UsageError } from "../0_base/errors/errors.ts";
import {
  lintExitCode,
  lintReport,
  renderLintErrors,
  renderLintPretty,
} from "../7_features/migration/lint_report.ts";
import { scanPaths } from "../7_features/migration/scan.ts";
import { writeOutput, writeStderr } from "../0_base/util/write_output.ts";
import { handleError } from "./handle_error.ts";
import type { LintOptions } from "./lint.ts";

/** Lint `paths` (default: the working directory) and return the exit code. */
export async function lintAction(paths: string[], options: LintOptions): Promise<number> {
  try {
    if (options.format !== "pretty" && options.format !== "json") {
      throw new UsageError(`unknown --format "${options.format}" (expected pretty or json)`);
    }
    const scanned = await scanPaths(paths.length > 0 ? paths : ["."], Deno.cwd());
    const report = lintReport(scanned);
    const errors = renderLintErrors(report);
    if (errors !== "") await writeStderr(errors);
    const text = options.format === "json"
      ? JSON.stringify(report, null, 2) + "\n"
      : renderLintPretty(report);
    await writeOutput("-", text);
    return lintExitCode(report);
  } catch (error) {
    return handleError(error, options.verbose);
  }
}
