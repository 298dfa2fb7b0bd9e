/** @module Stage 7 of `runSuite`, redact once: the whole record, with every secret of the run, at the end. */

import { redactRecord } from "../../4_record/redact_record.ts";
import type { RunRecord } from "../../4_record/run_record.ts";

/**
 * Hide the run's secrets in the assembled record: the suite's and every token learnt while
 * running (the list is read now, once the last session has closed). The only redaction of a run's
 * results: reporters, the result cache and the capture file all see this record's values.
 */
export function redactOnce(
  record: RunRecord,
  secrets: { readonly list: readonly string[] },
): RunRecord {
  return redactRecord(record, secrets.list);
}
