/** @module `mcptest conformance check-ids`: its options; the action is loaded lazily. */

import { Command } from "../0_base/command_line/declared_command.ts";
import { withRevisionFlag } from "./revision_flag.ts";
import { checkIdsFormat } from "../7_features/conformance/check_ids_formats.ts";
import { loadCliModule } from "./load_cli_module.ts";
import type * as Actions from "./conformance_check_ids_action.ts";

/** `mcptest conformance check-ids`; `done` receives the exit code. */
export function conformanceCheckIdsCommand(done: (code: number) => void) {
  return withRevisionFlag("corpus version (default: greatest present)")(
    new Command("check-ids")
      .description("List every check id of the resolved corpus and whether mcptest implements it"),
  )
    .option(
      "--corpus-dir <path>",
      "corpus root: <version>/ folders of SEP files, or one flat folder of them",
    )
    .option("--format <format>", "text or json", checkIdsFormat, "text" as const)
    .option("--verbose", "print error causes", false)
    .addHelpText(
      "after",
      "\nExit codes: 0 listed, 1 CLI error, 2 corpus missing for --target-version.",
    )
    .action(async (options) => {
      const { conformanceCheckIdsAction } = await loadCliModule<
        typeof Actions
      >("conformance_check_ids_action.ts");
      done(await conformanceCheckIdsAction(options));
    });
}

/** Parsed options of `conformance check-ids`. */
export type ConformanceCheckIdsOptions = ReturnType<
  ReturnType<typeof conformanceCheckIdsCommand>["opts"]
>;
