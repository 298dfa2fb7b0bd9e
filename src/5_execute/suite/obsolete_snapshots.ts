/** @module The obsolete-snapshot scan of `runSuite`: snapshot files no loaded test uses, named in one notice. */

import { obsoleteSnapshots } from "../../1_matchers/snapshot_files.ts";
import type { SuiteRun } from "./run_context.ts";

/**
 * Say which snapshot files no loaded test (or agent assertion) uses, in one notice line; no line
 * when there is none. A `snapshots/` folder is judged only when every suite file beside it was
 * loaded (see `obsoleteSnapshots`).
 * @returns the obsolete files, relative to the working directory
 */
export async function noticeObsoleteSnapshots(
  run: Pick<SuiteRun, "suite" | "cwd" | "notice">,
): Promise<string[]> {
  const { suite } = run;
  const obsolete = await obsoleteSnapshots(suite.files, [suite.tests, suite.agent], run.cwd);
  const n = obsolete.length;
  if (n > 0) {
    run.notice(
      `${n} obsolete snapshot${n === 1 ? "" : "s"} (no loaded test uses ${
        n === 1 ? "it" : "them"
      }): ${obsolete.join(", ")}`,
    );
  }
  return obsolete;
}
