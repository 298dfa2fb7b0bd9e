/** @module The json reporter: the run record itself, pretty-printed. */

import type { RunRecord } from "../record/run_record.ts";

/** Render the run record as JSON text. */
export function renderJson(record: RunRecord): string {
  return JSON.stringify(record, null, 2) + "\n";
}
