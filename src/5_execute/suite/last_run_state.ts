/** @module The `--last-failed` state of `runSuite` with `keepLastRun`: read before selecting, saved after the run; a failure of either is a warning. */

import type { TestCase } from "../../3_load/config/types.ts";
import type { RunRecord } from "../../4_record/run_record.ts";
import { type LastFailedState, mergeLastFailed, readLastFailed } from "../runner/last_failed.ts";
import type { SuiteRun } from "./run_context.ts";

/**
 * The state before the run (`undefined`: none). An unreadable one does not stop the run: it is
 * a warning, and counts as none.
 */
export async function readLastRunState(
  run: Pick<SuiteRun, "cwd" | "notice">,
): Promise<LastFailedState | undefined> {
  try {
    return await readLastFailed(run.cwd);
  } catch (error) {
    run.notice(`warning: could not read the --last-failed state: ${reasonOf(error)}`);
    return undefined;
  }
}

/**
 * Save the state updated with the run's results (pytest's semantics, see `updateLastFailed`),
 * merged under a lock with whatever concurrent runs saved meanwhile (`mergeLastFailed`); a state
 * that cannot be written costs a warning only.
 * @param _previous the state the selection saw (the merge re-reads the file inside the lock)
 * @param ran the selected tests, in the order the runner got them
 */
export async function saveLastRunState(
  run: Pick<SuiteRun, "cwd" | "notice">,
  _previous: LastFailedState | undefined,
  ran: readonly TestCase[],
  record: RunRecord,
): Promise<void> {
  try {
    await mergeLastFailed(run.cwd, ran, record);
  } catch (error) {
    run.notice(`warning: could not save the --last-failed state: ${reasonOf(error)}`);
  }
}

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
