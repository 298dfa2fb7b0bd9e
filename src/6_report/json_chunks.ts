/** @module The json report in chunks: the same bytes as the json reporter, one test at a time. */

import type { RunRecord } from "../4_record/run_record.ts";
import { safeJson } from "../0_base/util/escape.ts";

/** What `JSON.stringify([[x]], null, 2)` writes around `x`. */
const NESTED_OPEN = "[\n  [\n";
const NESTED_CLOSE = "\n  ]\n]";

/** Stands where the tests go while the rest of the record is stringified. */
const HOLE = "\u0000mcptest-tests\u0000";

/**
 * The json reporter's text (`renderJson`) as a sequence of chunks whose concatenation is byte for
 * byte the same: the record around its tests, then each test, then the rest. A run of 50,000
 * tests is written without building its whole text (several times its size) in memory.
 */
export function* jsonChunks(record: RunRecord): Generator<string> {
  if (record.tests.length === 0) {
    yield safeJson(JSON.stringify(record, null, 2)) + "\n";
    return;
  }
  const shell = JSON.stringify({ ...record, tests: [HOLE] }, null, 2);
  const marker = `    ${JSON.stringify(HOLE)}`;
  const at = shell.indexOf(marker);
  yield safeJson(shell.slice(0, at));
  const last = record.tests.length - 1;
  for (let i = 0; i <= last; i++) {
    // Stringified two arrays deep, a test comes out indented as it sits in the record (four
    // spaces, and four more on each line): no second pass over its text to indent it.
    const nested = JSON.stringify([[record.tests[i]]], null, 2);
    const text = nested.slice(NESTED_OPEN.length, nested.length - NESTED_CLOSE.length);
    yield safeJson(`${text}${i < last ? ",\n" : ""}`);
  }
  yield safeJson(shell.slice(at + marker.length)) + "\n";
}
