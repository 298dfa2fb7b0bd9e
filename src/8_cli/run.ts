/** @module `mcptest run`: its options, in groups; the action is loaded lazily. */

import { Command } from "../0_base/command_line/declared_command.ts";
import { withSelectionFlags } from "./run_flags.ts";
import { withAgentFlags } from "./agent_options.ts";
import { withSuiteFlags } from "./suite_flags.ts";
import { withOutcomeFlags, withReportFlags, withSessionFlags } from "./run_flag_groups.ts";
import { loadCliModule } from "./load_cli_module.ts";
import type * as Actions from "./run_action.ts";

/** Build the `run` command; `done` receives the exit code. */
export function runCommand(done: (code: number) => void) {
  const run = withSuiteFlags(
    new Command("run")
      .description("Run test suites against MCP servers")
      .argument(
        "[paths...]",
        "test files or folders (default: suites in mcptest.yml, else tests/**/*.yml)",
      ),
  );
  return withOutcomeFlags(
    withAgentFlags(withSessionFlags(withSelectionFlags(withReportFlags(run)))),
  )
    .addHelpText(
      "after",
      `
Exit codes: 0 every selected test passed, 1 a test failed (a server that cannot be reached fails
its tests), 2 bad config or arguments, 5 a spend cap or a snapshot write refused under CI=true,
6 coverage below --coverage-threshold or a model-compat DRIFT, 7 no test selected.

Examples:
  mcptest run examples/migration.yml
  mcptest run tests/ --reporter json --output reports/run.json
  mcptest run --server local="deno run -A server.ts" --filter /search/`,
    )
    .action(async (paths, options) => {
      const { runAction } = await loadCliModule<typeof Actions>("run_action.ts");
      done(await runAction(paths, options));
    });
}

/** The parsed options of `mcptest run`. */
export type RunOptions = ReturnType<ReturnType<typeof runCommand>["opts"]>;
