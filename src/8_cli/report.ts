/** @module `mcptest report`: re-render saved run records, or merge shard records; the action is loaded lazily. */

import { Command } from "../0_base/command_line/declared_command.ts";
import { reporterName } from "../6_report/reporters.ts";
import { loadCliModule } from "./load_cli_module.ts";
import type * as Actions from "./report_action.ts";

/** Build the `report` command; `done` receives the exit code (0 all passed, 1 a failure, 2 bad input). */
export function reportCommand(done: (code: number) => void) {
  return new Command("report")
    .description("Render a saved run record in any format, or merge shard records into one")
    .argument("<records...>", "run record files written by --reporter json")
    .option(
      "--format <format>",
      "output format: pretty, json, junit, tap, sarif, markdown, html (default: pretty, json with --merge)",
      reporterName,
    )
    .option("--output <path>", "where the report goes: a file, or - for stdout", "-")
    .option("--merge", "join several shard records into one before rendering", false)
    .option("--no-color", "never colour the output")
    .option("--verbose", "print error causes", false)
    .addHelpText(
      "after",
      `
Exit codes: 0 rendered and every test passed, 1 rendered and the record holds a failed or errored
test (like "mcptest run"), 2 unreadable or invalid record, unknown format, output not writable.

Examples:
  mcptest report reports/run.json --format sarif --output reports/results.sarif
  mcptest report reports/run.json --format markdown >> "$GITHUB_STEP_SUMMARY"
  mcptest report --merge shard-1.json shard-2.json --output reports/run.json`,
    )
    .action(async (records, options) => {
      const { reportAction } = await loadCliModule<typeof Actions>("report_action.ts");
      done(await reportAction(records, options));
    });
}

/** The parsed options of `mcptest report`. */
export type ReportOptions = ReturnType<ReturnType<typeof reportCommand>["opts"]>;
