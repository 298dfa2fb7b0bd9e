/** @module `mcptest compliance invariants --capture FILE`: INV-001..007 and composition hazards over a capture. */

import { importLater } from "../0_base/util/import_later.ts";
import { Command } from "../0_base/command_line/declared_command.ts";
import { ExitCode } from "../0_base/errors/exit_codes.ts";
import { oneOf } from "./options.ts";

/** Build `compliance invariants`; exit 0 all pass and no hazard, 1 otherwise, 2 a bad capture file. */
export function complianceInvariantsCommand(done: (code: number) => void) {
  return new Command("invariants")
    .description(
      "Check session invariants (INV-001..007) and multi-server hazards on a capture file",
    )
    .requiredOption("--capture <file>", "a capture written by `mcptest run --capture`")
    .option("--format <format>", "pretty or json", prettyOrJson, "pretty")
    .option("--no-color", "never colour the output")
    .addHelpText(
      "after",
      `
Exit codes: 0 every invariant passed and no hazard, 1 otherwise, 2 unreadable or invalid capture.

Examples:
  mcptest run tests/ --capture session.json && mcptest compliance invariants --capture session.json
  mcptest compliance invariants --capture session.json --format json`,
    )
    .action(async (options) => {
      const [{ readCapture }, { checkInvariants, renderInvariants }, { useColor }] = await Promise
        .all([
          importLater<typeof import("../5_execute/compliance/invariants/capture_file.ts")>(
            import.meta.url,
            "../5_execute/compliance/invariants/capture_file.ts",
          ),
          importLater<typeof import("../5_execute/compliance/invariants/check.ts")>(
            import.meta.url,
            "../5_execute/compliance/invariants/check.ts",
          ),
          importLater<typeof import("./color.ts")>(import.meta.url, "./color.ts"),
        ]);
      const report = checkInvariants(await readCapture(options.capture));
      console.log(
        options.format === "json"
          ? JSON.stringify(report, null, 2)
          : renderInvariants(report, useColor(options.color)).trimEnd(),
      );
      done(report.ok ? ExitCode.Ok : ExitCode.TestsFailed);
    });
}

/** `--format`: pretty or json (a usage error, exit 2, otherwise). */
const prettyOrJson = oneOf(
  ["pretty", "json"],
  (value) => `unknown --format "${value}", expected pretty or json`,
);
