/** @module Labels shared by the human-readable conformance reporters. */

import type { ConformanceResult } from "../result.ts";
import type { SeverityCount } from "../tier.ts";
import type { CheckStatus } from "../types.ts";

/** Status labels, in report order. */
export const STATUS_LABEL: Readonly<Record<CheckStatus, string>> = {
  "pass": "PASS",
  "fail": "FAIL",
  "not-applicable": "N/A",
  "not-verified": "NOT VERIFIED",
  "untested": "UNTESTED",
};

/** `passed/total` of one severity. */
export function ratio(count: SeverityCount): string {
  return `${count.passed}/${count.total}`;
}

/** The one-line status breakdown. */
export function statusLine(result: ConformanceResult): string {
  const s = result.statuses;
  return `${s.pass} passed, ${s.fail} failed, ${s.not_applicable} not applicable, ` +
    `${s.not_verified} not verified, ${s.untested} untested, ${s.excluded} excluded`;
}
