/** @module `mcptest scan`: its options; the action is loaded lazily. */

import { Command } from "../0_base/command_line/declared_command.ts";
import { SCAN_FORMATS, type ScanFormat } from "../7_features/scan/format_names.ts";
import { SCAN_RULES } from "../7_features/scan/rules.ts";
import { type ScanSeverity, SEVERITIES } from "../7_features/scan/types.ts";
import { didYouMean } from "../0_base/util/suggest.ts";
import { UsageError } from "../0_base/errors/errors.ts";
import { collect, oneOf, positiveInt } from "./options.ts";
import { withSuiteFlags } from "./suite_flags.ts";
import { loadCliModule } from "./load_cli_module.ts";
import type * as Actions from "./scan_action.ts";

/** Build `mcptest scan`; exit 0 nothing at or above --fail-on, 1 a finding or an unreadable server, 2 bad input, 5 -u under CI. */
export function scanCommand(done: (code: number) => void) {
  return withSuiteFlags(
    new Command("scan")
      .description(
        "Scan the tools, prompts and resources servers advertise for poisoned descriptions, " +
          "and pin them against rug pulls",
      )
      .argument(
        "[paths...]",
        "test files or folders whose servers to scan (default without --server: as mcptest run)",
      ),
  )
    .option(
      "--header <header>",
      'an HTTP header for --server URLs ("Name: value"), repeatable',
      collect,
      [] as string[],
    )
    .option("--format <format>", "pretty, json or sarif", scanFormat, "pretty" as ScanFormat)
    .option("--output <path>", "where the report goes: a file, or - for stdout", "-")
    .option(
      "--fail-on <severity>",
      "the lowest severity that fails: high, medium or low",
      failOnSeverity,
      "high" as ScanSeverity,
    )
    .option("--lock <path>", "the lock file that pins surfaces", "mcptest.lock")
    .option("--no-lock", "no pin check")
    .option(
      "-u, --update",
      "pin the scanned surfaces in the lock file (refused under CI=true)",
      false,
    )
    .option(
      "--ignore <rule>",
      "drop the findings of a rule (repeatable)",
      ignoredRule,
      [] as string[],
    )
    .option("--timeout <ms>", "per-request timeout in milliseconds", positiveInt)
    .option("--no-color", "never colour the output")
    .option("--verbose", "print error causes", false)
    .addHelpText(
      "after",
      `
--server TARGET (a URL or a command) is scanned as "server"; name several with NAME=TARGET. With
no --server, the servers of the suite are scanned (paths and --config as mcptest run); with both,
both. Rules SCAN-001..011 and their false-positive stance: docs/scan.md.
Exit codes: 0 no finding at or above --fail-on, 1 one is (or a server could not be read),
2 bad arguments or config, 5 -u refused under CI=true.

Examples:
  mcptest scan --server "deno run -A server.ts"
  mcptest scan examples/scan/scan.yml --fail-on medium
  mcptest scan --server http://127.0.0.1:3000/mcp --format sarif --output scan.sarif
  mcptest scan -u                                  # review, then pin the surface in mcptest.lock`,
    )
    .action(async (paths, options) => {
      const { scanAction } = await loadCliModule<typeof Actions>("scan_action.ts");
      done(await scanAction(paths, options));
    });
}

/** Parsed options of `mcptest scan`. */
export type ScanCliOptions = ReturnType<ReturnType<typeof scanCommand>["opts"]>;

const scanFormat = oneOf(
  SCAN_FORMATS,
  (v) => `unknown --format "${v}", expected ${SCAN_FORMATS.join(", ")}`,
);
const failOnSeverity = oneOf(
  SEVERITIES,
  (v) => `unknown --fail-on "${v}", expected ${SEVERITIES.join(", ")}`,
);

/** `--ignore RULE` (repeatable): a rule id of the scan (a usage error, exit 2, otherwise). */
function ignoredRule(rule: string, previous: string[]): string[] {
  const ids = SCAN_RULES.map((r) => r.id);
  if (!ids.includes(rule)) {
    throw new UsageError(`unknown rule "${rule}" in --ignore${didYouMean(rule, ids)}`);
  }
  return [...previous, rule];
}
