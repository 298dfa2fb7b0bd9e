/** @module The one error handler: prints a single `error:` line (red on a TTY) and returns the exit code. */

import { ConfigErrors, McptestError } from "../0_base/errors/errors.ts";
import { ExitCode } from "../0_base/errors/exit_codes.ts";
import { styler } from "../0_base/util/ansi.ts";
import { escapeControls, neutralizeCommands } from "../0_base/util/escape.ts";
import { isBrokenPipe } from "../0_base/util/write_output.ts";
import { useColor } from "./color.ts";

/**
 * Print `error` for a person and return the exit code it maps to. Stack traces only with verbose.
 * An error's text may quote a server (a response body, its stderr): its control characters show
 * as `\uXXXX` and no line of it can read as a CI workflow command.
 */
export function handleError(error: unknown, verbose = false): number {
  const style = styler(useColor(true, Deno.stderr));
  const prefix = style.red("error:");
  const say = (head: string, text: string) =>
    console.error(neutralizeCommands(`${head}${escapeControls(text, true)}`));
  // The reader of stdout left (`mcptest list | head -1`): nothing to tell it, and no error.
  if (isBrokenPipe(error)) return ExitCode.Ok;
  if (error instanceof ConfigErrors) {
    for (const e of error.errors) say(`${prefix} `, e.message);
    return error.exitCode;
  }
  if (error instanceof McptestError) {
    say(`${prefix} `, error.message);
    if (verbose) printCause(error.cause, say);
    return error.exitCode;
  }
  if (error instanceof Deno.errors.NotCapable || error instanceof Deno.errors.PermissionDenied) {
    say(`${prefix} `, error.message);
    console.error(
      "(grant the permission named above, e.g. through `deno install` flags; see docs/cli.md)",
    );
    return ExitCode.ConfigError;
  }
  const message = error instanceof Error ? error.message : String(error);
  say(`${prefix} internal error: `, message);
  if (verbose && error instanceof Error && error.stack) say("", error.stack);
  else console.error("(run with --verbose for details; please report this)");
  return ExitCode.TestsFailed;
}

function printCause(cause: unknown, say: (head: string, text: string) => void): void {
  let current = cause;
  while (current instanceof Error) {
    say("  caused by: ", current.message);
    current = current.cause;
  }
}
