/** @module Stage 3 of `runSuite`, execute: the tests left to run, over one session per server, into a record (not yet redacted). */

import type { TestCase } from "../../3_load/config/types.ts";
import type { RunRecord } from "../../4_record/run_record.ts";
import type { SuiteRun } from "./run_context.ts";
import { withLazyModules } from "../../0_base/util/lazy_module.ts";
import { importLater } from "../../0_base/util/import_later.ts";
import { testsRecord } from "../runner/tests_record.ts";

/**
 * Prepare the tests (matchers compiled, targets checked: a bad one throws before any server
 * starts) and run them with the run's flags (`--bail`, `--retries`, `--timeout`, concurrency).
 * @returns the record of these tests, raw: the run redacts once, at the end
 */
export async function executeStage(run: SuiteRun, toRun: readonly TestCase[]): Promise<RunRecord> {
  // Nothing left to run (the result cache served every test): the runner is not even loaded.
  if (toRun.length === 0) return nothingRan(run);
  const { prepareTests, collectRecord, loadRunner, matcherJudgesFor } = await importLater<
    typeof import("./runner_layer.ts")
  >(import.meta.url, "./runner_layer.ts");
  const { options } = run;
  const maxCostUsd = options.agents?.maxCostUsd;
  const judgeFor = await matcherJudgesFor(
    run.suite,
    toRun,
    maxCostUsd !== undefined ? { maxCostUsd } : {},
  );
  // Compiling the matchers may need the JSON Schema engine: it is loaded, then they compile again.
  const prepared = await withLazyModules(() => Promise.resolve(prepareTests(run.suite, toRun)));
  return await collectRecord(run.suite, prepared, {
    connect: run.connect,
    toolVersion: run.toolVersion,
    ...(options.concurrency !== undefined && options.repeat === undefined
      ? { concurrency: options.concurrency }
      : {}),
    ...(options.serverConcurrency !== undefined
      ? { serverConcurrency: options.serverConcurrency }
      : {}),
    updateSnapshots: run.updateSnapshots,
    ci: run.ci,
    ...(options.onResult ? { onResult: options.onResult } : {}),
    ...(run.onCapture ? { onCapture: run.onCapture } : {}),
    ...(options.bail !== undefined ? { bail: options.bail } : {}),
    ...(options.retries !== undefined ? { retries: options.retries } : {}),
    ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
    replayed: run.cassettes.replayed,
    // Printed frames read in order: each test's, then its verdict, then the next test's.
    ...(options.onFrame ? { sendAhead: false } : {}),
    ...(judgeFor ? { judgeFor } : {}),
    load: loadRunner(
      options.repeat === undefined ? undefined : {
        repeat: options.repeat,
        ...(options.concurrency ? { concurrency: options.concurrency } : {}),
      },
    ),
  });
}

/** The record of a run with no test to run: every server unused. */
function nothingRan(run: SuiteRun): RunRecord {
  return testsRecord({
    suite: run.suite,
    toolVersion: run.toolVersion,
    startedAt: new Date().toISOString(),
    durationMs: 0,
    servers: [],
    tests: [],
  });
}
