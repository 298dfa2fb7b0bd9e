/** @module `mcptest lint`: its options; the action is loaded lazily. */

import { Command } from "../0_base/command_line/declared_command.ts";
import { lintFormat } from "../7_features/migration/lint_formats.ts";
import { MIGRATION_TARGET } from "../7_features/migration/target.ts";
import { loadCliModule } from "./load_cli_module.ts";
import type * as Actions from "./lint_action.ts";

/** Build the `lint` command; `done` receives the exit code (0 clean, 1 findings, 2 bad input). */
export function lintCommand(done: (code: number) => void) {
  return new Command("lint")
    .description(
      `Scan YAML suites and JSON cassettes for constructs the ${MIGRATION_TARGET.id} revision breaks`,
    )
    .argument("[paths...]", "files or folders to scan (folders recursively; default: .)")
    .option("--format <format>", "output format: pretty, json", lintFormat, "pretty" as const)
    .option("--verbose", "print error causes", false)
    .addHelpText(
      "after",
      `
Each finding prints as: file:line:col rule-id message
Exit codes: 0 clean, 1 findings, 2 unreadable or invalid input / bad arguments.

Examples:
  mcptest lint tests/
  mcptest lint examples/migration-legacy-suite.yml --format json`,
    )
    .action(async (paths, options) => {
      const { lintAction } = await loadCliModule<typeof Actions>("lint_action.ts");
      done(await lintAction(paths, options));
    });
}

/** The parsed options of `mcptest lint`. */
export type LintOptions = ReturnType<ReturnType<typeof lintCommand>["opts"]>;
