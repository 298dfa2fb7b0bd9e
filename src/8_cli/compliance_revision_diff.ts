/** @module `mcptest compliance diff FROM TO`: which rules' expected behaviour moved between two revisions. */

import { importLater } from "../0_base/util/import_later.ts";
import { Command } from "../0_base/command_line/declared_command.ts";
import { ExitCode } from "../0_base/errors/exit_codes.ts";
import { oneOf } from "./options.ts";

/** Build `compliance diff`; `done` receives the exit code (0 clean, 1 changed rules, 2 bad arguments). */
export function complianceDiffCommand(done: (code: number) => void) {
  return new Command("diff")
    .description("Diff two corpus revisions: changed, added, removed and unchanged rules")
    .argument(
      "<from>",
      "the revision the suite is authored against (e.g. v2024-11-05), or a corpus folder",
    )
    .argument("<to>", "the revision to compare with (e.g. v2025-06-18), or a corpus folder")
    .option("--format <format>", "pretty or json", prettyOrJson, "pretty")
    .option("--no-color", "never colour the output")
    .addHelpText(
      "after",
      `
Exit codes: 0 clean (no shared rule changed its expectation), 1 changed rules exist,
2 unknown revision, invalid corpus folder or bad arguments. A folder is <root>/<version> with
the rule registry at <root>/registry.yml, validated as the embedded corpus is.

Examples:
  mcptest compliance diff v2024-11-05 v2025-06-18
  mcptest compliance diff v2025-11-25 v2026-07-28 --format json
  mcptest compliance diff v2025-11-25 my-corpus/v2025-11-25`,
    )
    .action(async (from, to, options) => {
      const [{ diffCorpusVersions }, { diffSides }, { useColor }] = await Promise.all([
        importLater<typeof import("../3_load/compliance_corpus/revision_diff.ts")>(
          import.meta.url,
          "../3_load/compliance_corpus/revision_diff.ts",
        ),
        importLater<typeof import("./compliance_diff_sides.ts")>(
          import.meta.url,
          "./compliance_diff_sides.ts",
        ),
        importLater<typeof import("./color.ts")>(import.meta.url, "./color.ts"),
      ]);
      const diff = diffCorpusVersions(await diffSides(from, to), from, to);
      console.log(
        options.format === "json"
          ? JSON.stringify(diff, null, 2)
          : diff.renderPretty(useColor(options.color)).trimEnd(),
      );
      done(diff.isClean() ? ExitCode.Ok : ExitCode.TestsFailed);
    });
}

/** `--format`: pretty or json (a usage error, exit 2, otherwise). */
const prettyOrJson = oneOf(
  ["pretty", "json"],
  (value) => `unknown --format "${value}", expected pretty or json`,
);
