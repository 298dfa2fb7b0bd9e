/** @module The json reporter: the run record itself, pretty-printed. */

import type { RunRecord } from "../4_record/run_record.ts";
import { safeJson } from "../0_base/util/escape.ts";

/**
 * Render the run record as JSON text. The value is the record unchanged; the text escapes DEL,
 * C1 and line separators and never holds a line a CI reads as a workflow command.
 */
export function renderJson(record: RunRecord): string {
  return safeJson(JSON.stringify(record, null, 2)) + "\n";
}
