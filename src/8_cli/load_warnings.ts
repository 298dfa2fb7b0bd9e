/** @module The load warnings `mcptest run` prints on stderr before it runs: the loader's, then the argument checks against recorded tool lists. */

import { forTerminal } from "../0_base/util/escape.ts";
import type { LoadWarning } from "../3_load/config/types.ts";

/**
 * Print `file:line:col: warning: message` for each load warning: the loader's, then the argument
 * warnings (a tool name or args a recorded tool list refuses, docs/cli.md). Warnings never change
 * the exit code.
 */
export function printLoadWarnings(warnings: readonly LoadWarning[]): void {
  for (const w of warnings) {
    console.error(forTerminal(`${w.file}:${w.line}:${w.col}: warning: ${w.message}`));
  }
}
