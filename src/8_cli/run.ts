/** @module `mcptest run`: its options; the action is loaded lazily. */

import { Command } from "@commander-js/extra-typings";
import { collect, positiveInt } from "./options.ts";
import { durationMs, nonNegativeInt } from "./run_flags.ts";
import { percent, usdAmount } from "./agent_options.ts";
import { withSuiteFlags } from "./suite_flags.ts";
import { collectReporter } from "./reporter_sinks.ts";

/** Build the `run` command; `done` receives the exit code. */
export function runCommand(done: (code: number) => void) {
  return withSuiteFlags(
    new Command("run")
      .description("Run test suites against MCP servers")
      .argument(
        "[paths...]",
        "test files or folders (default: suites in mcptest.yml, else tests/**/*.yml)",
      ),
  )
    .option(
      "--reporter <name[:path]>",
      "report format, optionally with its file (repeatable): pretty, json, junit, tap, sarif, markdown, html; e.g. --reporter pretty --reporter junit:reports/r.xml (default: pretty)",
      collectReporter,
    )
    .option(
      "--annotations <mode>",
      "GitHub Actions ::error annotations on stderr: auto (when GITHUB_ACTIONS=true), always, never",
      "auto",
    )
    .option(
      "--output <path>",
      "where a single --reporter's report goes: a file, or - for stdout (default: -)",
    )
    .option("--filter <pattern>", "run tests whose name contains pattern, or matches /regex/")
    .option("--shard <k/n>", "run shard k of n (stable: a test always lands in the same shard)")
    .option(
      "--last-failed",
      "run only the tests that failed in the previous run (.mcptest/last-run.json)",
      false,
    )
    .option(
      "--tag <name>",
      "run only the tests with this tags: entry (repeatable: any of them)",
      collect,
      [] as string[],
    )
    .option(
      "--exclude-tag <name>",
      "leave out the tests with this tags: entry (repeatable; wins over --tag)",
      collect,
      [] as string[],
    )
    .option(
      "--bail [n]",
      "stop after n failures (default 1); the tests not run are reported skipped (--bail)",
      positiveInt,
    )
    .option(
      "--retries <n>",
      "run a failing test up to n more times (a test's retries: wins); a pass on retry is flaky",
      nonNegativeInt,
    )
    .option(
      "--timeout <duration>",
      "time limit of the whole run (ms, or 500ms, 30s, 2m); tests not started by then are errors",
      durationMs,
    )
    .option("--capture <file>", "write the session capture of every server (seed 003 format)")
    .option(
      "--record",
      "run live and write one cassette per server under <suite_dir>/cassettes/ (docs/cassettes.md)",
      false,
    )
    .option("--live", "never replay a cassette: talk to the live servers", false)
    .option(
      "--no-cache",
      "neither read nor write the result cache (.mcptest/cache/, docs/cache.md)",
    )
    .option(
      "--concurrency <n>",
      "tests in flight per server (default 1, or 8 for parallel: true servers)",
      positiveInt,
    )
    .option(
      "--require-keys",
      "fail an agent/eval row whose model API key is missing (default: the stub provider answers)",
      false,
    )
    .option(
      "--max-cost <usd>",
      "stop model calls before the run spends more than this; exit 5",
      usdAmount,
    )
    .option(
      "--coverage-threshold <percent>",
      "exit 6 when a server's advertised tools, resources and prompts exercised fall below this share",
      percent,
    )
    .option(
      "--drift-baseline <file>",
      "a run record saved with --reporter json: agent rows whose verdict changed get DRIFT rows; exit 6",
    )
    .option("--pass-with-no-tests", "exit 0 when no test is selected (default: exit 7)", false)
    .option("-u, --update-snapshots", "rewrite snapshot files (refused under CI=true)", false)
    .option("--no-color", "never colour the output")
    .option(
      "--watch",
      "rerun the affected test files when a suite, snapshot, cassette, config or local server file changes (Ctrl-C exits)",
      false,
    )
    .option(
      "--verbose",
      "print each JSON-RPC frame sent (>) and received (<) on stderr, redacted, and error causes",
      false,
    )
    .addHelpText(
      "after",
      `
Examples:
  mcptest run examples/migration.yml
  mcptest run tests/ --reporter json --output reports/run.json
  mcptest run --server local="deno run -A server.ts" --filter /search/`,
    )
    .action(async (paths, options) => {
      const { runAction } = await import("./run_action.ts");
      done(await runAction(paths, options));
    });
}

/** The parsed options of `mcptest run`. */
export type RunOptions = ReturnType<ReturnType<typeof runCommand>["opts"]>;
