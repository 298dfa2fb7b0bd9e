/** @module The `mcptest run` action: flags in, one `runSuite` call, output sinks, exit code out. */

import { loadCliModule } from "./load_cli_module.ts";
import { variableRereader } from "../3_load/config/reread.ts";
import { RuntimeSecrets } from "../2_connect/auth/runtime_secrets.ts";
import { describeSearch } from "../3_load/config/discover.ts";
import type { Suite } from "../3_load/config/types.ts";
import { ExitCode } from "../0_base/errors/exit_codes.ts";
import { runSuite, type RunSuiteOptions } from "../5_execute/suite/run_suite.ts";
import { runExitCode } from "../4_record/exit_code.ts";
import { VERSION } from "../0_base/version.ts";
import { readDriftBaseline } from "./agent_options.ts";
import { parseReporterSinks } from "./reporter_sinks.ts";
import type { RunOptions } from "./run.ts";
import { bailLimit, cassetteModeOf } from "./run_flags.ts";
import { openRunOutput } from "./run_output.ts";
import { suiteLoadOptions } from "./suite_flags.ts";
import { withSuiteScan } from "../7_features/scan/run_scan.ts";
import { printLoadWarnings } from "./load_warnings.ts";
import { loadCheckedSuite } from "../7_features/arg_check/checked_load.ts";

/**
 * Run the suites and return the exit code; with `--watch`, rerun on changes until stopped.
 * `onSuite` receives the loaded suite (what `--watch` plans its watching from).
 */
export async function runAction(
  paths: string[],
  options: RunOptions,
  onSuite?: (suite: Suite) => void,
): Promise<number> {
  if (options.watch && onSuite === undefined) return await watchAction(paths, options);
  const cwd = Deno.cwd();
  const sinks = parseReporterSinks(options.reporter, options.output);
  const loadOptions = suiteLoadOptions(paths, options, cwd);
  // Kept from an earlier run of this command line while nothing it was read from changed (docs/cache.md).
  const { suite, warnings } = await loadCheckedSuite(loadOptions, options.cache);
  onSuite?.(suite);
  printLoadWarnings(warnings); // the loader's, then the argument checks (docs/cli.md)
  // The suite's secrets plus the tokens learnt while running (docs/auth.md).
  const secrets = new RuntimeSecrets(suite.secrets);
  const cassettes = cassetteModeOf(options);
  const { color, verbose, annotations } = options;
  const output = await openRunOutput(sinks, {
    ...{ suite, cwd, secrets, cassettes },
    ...{ color, verbose, annotations },
  });
  const ran = await runSuite(suite, {
    ...await runSuiteOptions(options, cwd),
    cassettes,
    secrets,
    reread: variableRereader(loadOptions),
    ...output.hooks,
  }).finally(output.done);
  const record = await withSuiteScan(ran, suite, loadOptions); // `scan:` (docs/scan.md)
  if (record.tests.length === 0) return await noTests(paths, options, suite, cwd);
  await output.finish(record);
  return runExitCode(record);
}

/** `--watch`: check the reporter flags once (a usage error stops at once), then run on every change. */
async function watchAction(paths: string[], options: RunOptions): Promise<number> {
  parseReporterSinks(options.reporter, options.output);
  const { watchRuns } = await loadCliModule<typeof import("./watch.ts")>("watch.ts");
  return await watchRuns(paths, options, (which, seen) => runAction(which, options, seen));
}

/** The flags as `runSuite` options (the output hooks, secrets and cassette mode aside). */
async function runSuiteOptions(options: RunOptions, cwd: string): Promise<RunSuiteOptions> {
  const bail = bailLimit(options.bail);
  const drift = options.driftBaseline;
  return {
    cwd,
    toolVersion: VERSION,
    keepLastRun: true,
    lastFailed: options.lastFailedOrAll ? "or-all" : options.lastFailed,
    ...(options.filter !== undefined ? { filter: options.filter } : {}),
    ...(options.shard !== undefined ? { shard: options.shard } : {}),
    tags: options.tag,
    excludeTags: options.excludeTag,
    ...(bail !== undefined ? { bail } : {}),
    ...(options.retries !== undefined ? { retries: options.retries } : {}),
    ...(options.timeout !== undefined ? { timeoutMs: options.timeout } : {}),
    ...(options.concurrency !== undefined ? { concurrency: options.concurrency } : {}),
    ...(options.repeat !== undefined ? { repeat: options.repeat } : {}),
    updateSnapshots: options.updateSnapshots,
    cache: options.cache && options.repeat === undefined,
    ...(options.capture !== undefined ? { captureFile: options.capture } : {}),
    agents: {
      requireKeys: options.requireKeys,
      ...(options.maxCost !== undefined ? { maxCostUsd: options.maxCost } : {}),
      ...(options.coverageThreshold !== undefined
        ? { coverageThreshold: options.coverageThreshold }
        : {}),
      ...(drift !== undefined ? { driftBaseline: await readDriftBaseline(drift) } : {}),
    },
    ci: Deno.env.get("CI") === "true",
  };
}

/** Nothing selected: exit 0 with `--pass-with-no-tests`, else 7, saying where tests were looked for. */
async function noTests(
  paths: readonly string[],
  options: RunOptions,
  suite: Suite,
  cwd: string,
): Promise<number> {
  if (options.passWithNoTests) {
    console.error("no tests selected");
    return ExitCode.Ok;
  }
  const facts = { paths, cwd, files: suite.files, tests: suite.tests.length };
  const where = await describeSearch(
    options.config === undefined ? facts : { ...facts, configFile: options.config },
  );
  console.error("error: no tests selected (pass --pass-with-no-tests to accept that)");
  for (const line of where) console.error(`  ${line}`);
  return ExitCode.NoTests;
}
