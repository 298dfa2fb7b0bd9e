/** @module `mcptest list`: its options; the action is loaded lazily. */

import { Command } from "../0_base/command_line/declared_command.ts";
import { oneOf } from "./options.ts";
import { withSuiteFlags } from "./suite_flags.ts";
import { loadCliModule } from "./load_cli_module.ts";
import type * as Actions from "./list_action.ts";

/** Build the `list` command; `done` receives the exit code (0 listed, 2 bad suite, 7 none). */
export function listCommand(done: (code: number) => void) {
  return withSuiteFlags(
    new Command("list")
      .description("List the tests a run would select, with file:line and server; starts nothing")
      .argument(
        "[paths...]",
        "test files or folders (default: suites in mcptest.yml, else tests/**/*.yml)",
      ),
  )
    .option("--filter <pattern>", "tests whose name contains pattern, or matches /regex/")
    .option("--shard <k/n>", "shard k of n (as mcptest run --shard)")
    .option("--last-failed", "only the tests that failed in the previous run", false)
    .option("--last-failed-or-all", "as --last-failed; none failed: every test", false)
    .option("--format <format>", "output format: pretty, json", listFormat, "pretty")
    .option("--verbose", "print error causes", false)
    .addHelpText(
      "after",
      `
Each test prints as: file:line:col  kind  name  (server)
The suite is loaded and checked as for a run (bad YAML, matchers and targets exit 2); no server is
started. Exit codes: 0 tests listed, 2 invalid suite or arguments, 7 no test selected.

Examples:
  mcptest list
  mcptest list tests/ --filter /search/
  mcptest list --format json`,
    )
    .action(async (paths, options) => {
      const { listAction } = await loadCliModule<typeof Actions>("list_action.ts");
      done(await listAction(paths, options));
    });
}

/** `--format`: pretty or json (a usage error, exit 2, otherwise). */
const listFormat = oneOf(
  ["pretty", "json"],
  (value) => `invalid --format "${value}", expected one of: pretty, json`,
);

/** The parsed options of `mcptest list`. */
export type ListOptions = ReturnType<ReturnType<typeof listCommand>["opts"]>;
