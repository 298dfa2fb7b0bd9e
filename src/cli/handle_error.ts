/** @module The one error handler: prints a single `error:` line (red on a TTY) and returns the exit code. */

import { ConfigErrors, McptestError } from "../errors/errors.ts";
import { ExitCode } from "../errors/exit_codes.ts";
import { styler } from "../util/ansi.ts";
import { useColor } from "./color.ts";

/** Print `error` for a person and return the exit code it maps to. Stack traces only with verbose. */
export function handleError(error: unknown, verbose = false): number {
  const style = styler(useColor(true, Deno.stderr));
  const prefix = style.red("error:");
  if (error instanceof ConfigErrors) {
    for (const e of error.errors) console.error(`${prefix} ${e.message}`);
    return error.exitCode;
  }
  if (error instanceof McptestError) {
    console.error(`${prefix} ${error.message}`);
    if (verbose) printCause(error.cause);
    return error.exitCode;
  }
  if (error instanceof Deno.errors.NotCapable || error instanceof Deno.errors.PermissionDenied) {
    console.error(`${prefix} ${error.message}`);
    console.error(
      "(grant the permission named above, e.g. through `deno install` flags; see docs/cli.md)",
    );
    return ExitCode.ConfigError;
  }
  const message = error instanceof Error ? error.message : String(error);
  console.error(`${prefix} internal error: ${message}`);
  if (verbose && error instanceof Error && error.stack) console.error(error.stack);
  else console.error("(run with --verbose for details; please report this)");
  return ExitCode.TestsFailed;
}

function printCause(cause: unknown): void {
  let current = cause;
  while (current instanceof Error) {
    console.error(`  caused by: ${current.message}`);
    current = current.cause;
  }
}
