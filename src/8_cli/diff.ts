/** @module `mcptest diff OLD NEW`: its options; the action is loaded lazily. */

import { Command } from "../0_base/command_line/declared_command.ts";
import { diffFormat } from "../7_features/surface_diff/formats.ts";
import { collect, positiveInt } from "./options.ts";
import { loadCliModule } from "./load_cli_module.ts";
import type * as Actions from "./diff_action.ts";

/** Build the `diff` command; `done` receives the exit code (0 nothing breaking, 1 breaking, 2 bad input). */
export function diffCommand(done: (code: number) => void) {
  return new Command("diff")
    .description("Compare the tools, resources, templates and prompts of two server versions")
    .argument("<old>", "a cassette, a capture file (FILE#N picks a session), a URL or a command")
    .argument("<new>", "the same kinds as OLD")
    .option("--format <format>", "output format: pretty, json, markdown", diffFormat, "pretty")
    .option("--output <path>", "where the report goes: a file, or - for stdout", "-")
    .option(
      "--header <header>",
      'an HTTP header for live URL sides ("Name: value"), repeatable',
      collect,
      [] as string[],
    )
    .option("--timeout <ms>", "per-request timeout of a live side, in milliseconds", positiveInt)
    .option("--no-color", "never colour the output")
    .option("--verbose", "print error causes", false)
    .addHelpText(
      "after",
      `
Breaking: removed items, new required input properties or prompt arguments, narrowed input types
(a type dropped, number to integer, enum values removed, tighter bounds), a removed or widened
outputSchema, a changed resource mimeType. Not breaking: additions and description changes.
Exit codes: 0 nothing breaking, 1 something breaking (or a live side failed), 2 bad input.

Examples:
  mcptest diff examples/diff/v1.capture.json examples/diff/v2.capture.json
  mcptest diff tests/cassettes/suite__items.json "deno run -A server.ts" --format markdown
  mcptest diff https://old.example/mcp http://127.0.0.1:3000/mcp --format json`,
    )
    .action(async (old, next, options) => {
      const { diffAction } = await loadCliModule<typeof Actions>("diff_action.ts");
      done(await diffAction(old, next, options));
    });
}

/** The parsed options of `mcptest diff`. */
export type DiffOptions = ReturnType<ReturnType<typeof diffCommand>["opts"]>;
