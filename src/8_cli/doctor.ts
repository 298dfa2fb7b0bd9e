/** @module `mcptest doctor`: each resolved server's target, its source, and a walk through its failure layers. */

import { Command } from "../0_base/command_line/declared_command.ts";
import { doctorFormat } from "../7_features/doctor/formats.ts";
import { positiveInt } from "./options.ts";
import { withSuiteFlags } from "./suite_flags.ts";
import { withRevisionFlag } from "./revision_flag.ts";
import { loadCliModule } from "./load_cli_module.ts";
import type * as Actions from "./doctor_action.ts";

/** Build `mcptest doctor`; exit 0 every layer passed, 1 a layer or migration row failed, 2 bad input. */
export function doctorCommand(done: (code: number) => void) {
  return withRevisionFlag("add the migration probe toward this revision (2026-07-28)")(
    withSuiteFlags(
      new Command("doctor")
        .description(
          "Check each server layer by layer (DNS, TCP, TLS, HTTP, auth, initialize, readiness)",
        )
        .argument(
          "[paths...]",
          "test files or folders whose servers to check (default: as mcptest run)",
        )
        .option("--url <url>", "check this URL only")
        .option("--command <command>", "check this stdio command only (split like a shell)"),
    ),
  )
    .option("--format <format>", "pretty or json", doctorFormat, "pretty" as const)
    .option(
      "--timeout <ms>",
      "timeout of each layer in milliseconds (default: each server's timeout_ms, 30000 when unset)",
      positiveInt,
    )
    .option("--no-color", "never colour the output")
    .option("--verbose", "print error causes", false)
    .addHelpText(
      "after",
      `
Exit codes: 0 every layer passed (and no migration row failed), 1 a layer or row failed,
2 bad arguments or config.

Examples:
  mcptest doctor                                   # every server of the suite, with its source
  mcptest doctor --url http://127.0.0.1:3000/mcp
  mcptest doctor --command "deno run -A server.ts"
  mcptest doctor --url 'http://127.0.0.1:3000/mcp?scenario=legacy' --target-version 2026-07-28`,
    )
    .action(async (paths, options) => {
      const { doctorAction } = await loadCliModule<typeof Actions>("doctor_action.ts");
      done(await doctorAction(paths, options));
    });
}

/** Parsed options of `mcptest doctor`. */
export type DoctorOptions = ReturnType<ReturnType<typeof doctorCommand>["opts"]>;
