/** @module `mcptest fuzz`: its options; the action is loaded lazily. */

import { FUZZ_OUTPUT_FORMATS } from "../7_features/fuzz/format_names.ts";
import { oneOf } from "./options.ts";
import { Command, InvalidArgumentError } from "../0_base/command_line/declared_command.ts";
import { collect, positiveInt } from "./options.ts";
import { loadCliModule } from "./load_cli_module.ts";
import type * as Actions from "./fuzz_action.ts";

/** Parse `--seed`: a whole number from 0 to 2^31 - 1. */
function seedArg(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 2 ** 31 - 1) {
    throw new InvalidArgumentError("expected a whole number from 0 to 2147483647");
  }
  return n;
}

/** Build `mcptest fuzz`; exit 0 nothing found, 1 a finding (or a target that could not run), 2 bad input. */
export function fuzzCommand(done: (code: number) => void) {
  return new Command("fuzz")
    .description(
      "Call a server's tools, prompts and resource templates with arguments generated from their " +
        "schemas, and report crashes, hangs, malformed answers and broken validation",
    )
    .requiredOption("--server <target>", "the server: a URL, a command, or NAME=TARGET")
    .option(
      "--header <header>",
      'an HTTP header for a URL ("Name: value"), repeatable',
      collect,
      [] as string[],
    )
    .option("--tool <name>", "fuzz only this tool (repeatable)", collect, [] as string[])
    .option("--prompt <name>", "fuzz only this prompt (repeatable)", collect, [] as string[])
    .option(
      "--template <uriTemplate>",
      "fuzz only this resource template (repeatable)",
      collect,
      [] as string[],
    )
    .option("--runs <n>", "generated cases per target", positiveInt, 100)
    .option(
      "--seed <n>",
      "the seed (default: random, printed): the same seed gives the same cases",
      seedArg,
    )
    .option(
      "--max-time <ms>",
      "stop generating new cases after this long (never judges a case)",
      positiveInt,
    )
    .option(
      "--timeout <ms>",
      "per-request timeout in milliseconds (a slower answer is a finding)",
      positiveInt,
      10_000,
    )
    .option(
      "--allow-writes",
      "also fuzz tools marked destructiveHint: false that are not read-only",
      false,
    )
    .option(
      "--allow-destructive",
      "also fuzz destructive and unannotated tools (side effects!)",
      false,
    )
    .option(
      "--format <format>",
      `report format: ${
        FUZZ_OUTPUT_FORMATS.join(", ")
      } (json: the fuzz report; junit ... html: the findings as a run record)`,
      fuzzFormat,
      "pretty",
    )
    .option("--output <path>", "where the report goes: a file, or - for stdout", "-")
    .option("--no-color", "never colour the output")
    .option("--verbose", "print error causes", false)
    .addHelpText(
      "after",
      `
Without an opt-in only tools marked readOnlyHint: true are called (prompts and resource templates
always are); --allow-writes adds tools marked destructiveHint: false, --allow-destructive every
tool. Each finding is shrunk to a minimal input and printed as a ready-to-paste YAML test.
Exit codes: 0 nothing found, 1 a finding (or a target could not run), 2 bad arguments.

Examples:
  mcptest fuzz --server "deno run -A server.ts"
  mcptest fuzz --server "deno run -A server.ts" --tool search --runs 500 --seed 42
  mcptest fuzz --server http://127.0.0.1:3000/mcp --max-time 60000 --format json`,
    )
    .action(async (options) => {
      const { fuzzAction } = await loadCliModule<typeof Actions>("fuzz_action.ts");
      done(await fuzzAction(options));
    });
}

/** Parsed options of `mcptest fuzz`. */
export type FuzzCliOptions = ReturnType<ReturnType<typeof fuzzCommand>["opts"]>;

/** `--format`: one of the fuzz formats (a usage error, exit 2, otherwise). */
const fuzzFormat = oneOf(
  FUZZ_OUTPUT_FORMATS,
  (v) => `unknown --format "${v}", expected one of: ${FUZZ_OUTPUT_FORMATS.join(", ")}`,
);
