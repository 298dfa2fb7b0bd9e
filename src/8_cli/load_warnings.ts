/** @module The load warnings `mcptest run` prints on stderr before it runs: the loader's, then the argument checks against recorded tool lists. */

import { forTerminal } from "../0_base/util/escape.ts";
import type { Suite } from "../3_load/config/types.ts";
import { argumentWarnings } from "../7_features/arg_check/arg_warnings.ts";

/**
 * Print `file:line:col: warning: message` for each load warning of `suite` and each argument
 * warning (a tool name or args a recorded tool list refuses, docs/cli.md). Warnings never change
 * the exit code.
 */
export async function printLoadWarnings(suite: Suite, cwd: string): Promise<void> {
  const warnings = [...suite.warnings ?? [], ...await argumentWarnings(suite, { cwd })];
  for (const w of warnings) {
    console.error(forTerminal(`${w.file}:${w.line}:${w.col}: warning: ${w.message}`));
  }
}
