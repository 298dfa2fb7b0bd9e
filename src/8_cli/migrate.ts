/** @module `mcptest migrate`: its options; the action is loaded lazily. */

import { Command } from "../0_base/command_line/declared_command.ts";
import { MIGRATION_TARGET } from "../7_features/migration/target.ts";
import { loadCliModule } from "./load_cli_module.ts";
import type * as Actions from "./migrate_action.ts";

const TARGET = MIGRATION_TARGET.id;

/** Build the `migrate` command; `done` receives the exit code (0 done, 2 bad input or --to). */
export function migrateCommand(done: (code: number) => void) {
  return new Command("migrate")
    .description(
      "Plan (or with --write apply) the move of YAML suites to a newer MCP revision",
    )
    .argument("<path>", "a suite file or a folder of suites (recursively)")
    .requiredOption("--to <revision>", `target revision (only ${TARGET} is supported)`)
    .option(
      "--write",
      "apply in place: rewrite safe one-to-one changes, add TODO comments above the rest",
      false,
    )
    .option("--verbose", "print error causes", false)
    .addHelpText(
      "after",
      `
Without --write this is a dry-run that prints the plan and changes nothing.
Exit codes: 0 planned or written, 2 unreadable or invalid input / unsupported --to.

Examples:
  mcptest migrate tests/ --to ${TARGET}
  mcptest migrate tests/ --to ${TARGET} --write`,
    )
    .action(async (path, options) => {
      const { migrateAction } = await loadCliModule<typeof Actions>(
        "migrate_action.ts",
      );
      done(await migrateAction(path, options));
    });
}

/** The parsed options of `mcptest migrate`. */
export type MigrateOptions = ReturnType<ReturnType<typeof migrateCommand>["opts"]>;
