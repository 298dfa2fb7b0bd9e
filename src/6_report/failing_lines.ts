/** @module The failing tests of a run as one line each, for a console whose reports went to files. */

import { escapeControls, neutralizeCommands } from "../0_base/util/escape.ts";
import type { RunRecord } from "../4_record/run_record.ts";

/**
 * One line per failing or erroring test: `FAIL name (file:line:col)`, the name and file escaped
 * for the terminal on one line (no control character, no workflow command reaches it).
 */
export function failingLines(record: RunRecord): string {
  return record.tests
    .filter((t) => t.status === "fail" || t.status === "error")
    .map((t) => `${t.status.toUpperCase()} ${oneLine(t.name)} (${where(t)})\n`)
    .join("");
}

function where(test: RunRecord["tests"][number]): string {
  return `${oneLine(test.file)}:${test.line}:${test.col}`;
}

/** Foreign text on one line: every control character (newlines too) shown as `\uXXXX`. */
function oneLine(text: string): string {
  return neutralizeCommands(escapeControls(text, false));
}
