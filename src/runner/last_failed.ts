/** @module `--last-failed`: the previous run's record, kept at `.mcptest/last-run.json` under the working directory. */

import { join } from "node:path";
import type { RunRecord } from "../record/run_record.ts";
import { writeFileAtomic } from "../util/write_output.ts";

/** Where the previous run's record is kept, relative to the working directory. */
export const LAST_RUN_PATH = ".mcptest/last-run.json";

/** Ids of the tests that failed or errored in the previous run (empty when there was none). */
export async function lastFailedIds(cwd: string): Promise<Set<string>> {
  let text: string;
  try {
    text = await Deno.readTextFile(join(cwd, LAST_RUN_PATH));
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return new Set();
    throw error;
  }
  try {
    const record = JSON.parse(text) as Partial<RunRecord>;
    return new Set(
      (record.tests ?? []).filter((t) => t.status === "fail" || t.status === "error").map((t) =>
        t.id
      ),
    );
  } catch {
    return new Set();
  }
}

/** Keep this run's record for the next `--last-failed`. */
export async function saveLastRun(cwd: string, record: RunRecord): Promise<void> {
  await writeFileAtomic(join(cwd, LAST_RUN_PATH), JSON.stringify(record) + "\n");
}
