/** @module The `mcptest lint` action: flags in, lint(), findings out, exit 0 / 1 / 2. */

import { lint } from "../7_features/migration/lint.ts";
import { LINT_FORMATS } from "../7_features/migration/lint_formats.ts";
import { lintExitCode, renderLintErrors } from "../7_features/migration/lint_report.ts";
import { writeOutput, writeStderr } from "../0_base/util/write_output.ts";
import { forTerminal } from "../0_base/util/escape.ts";
import type { LintOptions } from "./lint.ts";

/** Lint `paths` (default: the working directory) and return the exit code. */
export async function lintAction(paths: string[], options: LintOptions): Promise<number> {
  const render = await LINT_FORMATS[options.format]();
  const report = await lint(paths);
  const errors = renderLintErrors(report);
  // File names and keys come from the files linted: escaped before they reach a terminal.
  if (errors !== "") await writeStderr(forTerminal(errors));
  await writeOutput("-", forTerminal(render(report), options.format));
  return lintExitCode(report);
}
