/** @module The last stage of `runSuite`, finish: what a run leaves behind once it has a result. */

import type { RunRecord } from "../../4_record/run_record.ts";
import { writeCaptureFile } from "./capture_file.ts";
import { saveLastRunState } from "./last_run_state.ts";
import { noticeObsoleteSnapshots } from "./obsolete_snapshots.ts";
import type { SuiteRun } from "./run_context.ts";
import type { SelectedTests } from "./select_stage.ts";

/**
 * Write the `captureFile`, name obsolete snapshot files, and save the `--last-failed` state (with
 * `keepLastRun`), in that order. A run without a single result (nothing selected) leaves nothing.
 * @throws {UsageError} the capture file cannot be written
 */
export async function finishStage(
  run: SuiteRun,
  selected: SelectedTests,
  record: RunRecord,
): Promise<void> {
  if (record.tests.length === 0) return;
  if (run.options.captureFile !== undefined) await writeCaptureFile(run, run.options.captureFile);
  await noticeObsoleteSnapshots(run);
  if (run.options.keepLastRun) {
    await saveLastRunState(run, selected.lastRun, selected.tests, record);
  }
}
