/** @module Stage 1 of `runSuite`, select: the selection flags over the suite's tests, with the `--last-failed` state the run keeps. */

import type { TestCase } from "../../3_load/config/types.ts";
import type { LastFailedState } from "../runner/last_failed.ts";
import { selectTests } from "../runner/select_tests.ts";
import { readLastRunState } from "./last_run_state.ts";
import type { SuiteRun } from "./run_context.ts";

/** The tests a run selected. */
export interface SelectedTests {
  /** The selected tests, in suite order. */
  readonly tests: readonly TestCase[];
  /** The `--last-failed` state the selection saw (what the state saved after the run updates). */
  readonly lastRun?: LastFailedState;
}

/**
 * Select the tests to run (`--filter`, `--tag`, `--exclude-tag`, `only:`, `--shard`,
 * `--last-failed`), tell `onSelected`, and return them with the state the selection saw.
 */
export async function selectStage(run: SuiteRun): Promise<SelectedTests> {
  const { options } = run;
  const lastRun = options.lastFailedState !== undefined
    ? options.lastFailedState ?? undefined
    : options.keepLastRun
    ? await readLastRunState(run)
    : undefined;
  const known = options.lastFailedState !== undefined || options.keepLastRun === true;
  const tests = await selectTests(run.suite.tests, {
    cwd: run.cwd,
    ...(options.lastFailed !== undefined ? { lastFailed: options.lastFailed } : {}),
    ...(known ? { lastFailedState: lastRun ?? null } : {}),
    notice: run.notice,
    ...(options.filter !== undefined ? { filter: options.filter } : {}),
    ...(options.shard !== undefined ? { shard: options.shard } : {}),
    ...(options.tags !== undefined ? { tags: options.tags } : {}),
    ...(options.excludeTags !== undefined ? { excludeTags: options.excludeTags } : {}),
    ci: run.ci,
  });
  options.onSelected?.(tests);
  return { tests, ...(lastRun ? { lastRun } : {}) };
}
