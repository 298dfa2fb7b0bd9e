/** @module Tallies check verdicts into the seed 002 counts (must/should/may, per SEP, statuses) and a tier. */

import type { CheckResult, ExcludedResult, SepSummary, StatusCounts } from "./result.ts";
import { scoreTier, type TierInput, type TierResult } from "./tier.ts";

/** The counts of a run. */
export interface Tally {
  readonly input: TierInput;
  readonly tier: TierResult;
  readonly perSep: SepSummary[];
  readonly statuses: StatusCounts;
}

/**
 * Count decided checks per severity (pass and fail only), per SEP and per status, and the MUST and
 * SHOULD checks left unanswered, then score.
 * @param checks verdicts of every checked requirement
 * @param excluded excluded requirements (counted, never scored)
 */
export function tally(checks: readonly CheckResult[], excluded: readonly ExcludedResult[]): Tally {
  const counts = {
    must: { passed: 0, total: 0 },
    should: { passed: 0, total: 0 },
    may: { passed: 0, total: 0 },
  };
  const statuses = {
    pass: 0,
    fail: 0,
    not_applicable: 0,
    not_verified: 0,
    untested: 0,
    excluded: excluded.length,
  };
  const unanswered = { must: 0, should: 0 };
  const seps = new Map<number, { -readonly [K in keyof SepSummary]: SepSummary[K] }>();
  const sepOf = (sep: number) => {
    let entry = seps.get(sep);
    if (!entry) {
      entry = {
        sep,
        tested: 0,
        passed: 0,
        excluded: 0,
        failed: 0,
        not_applicable: 0,
        not_verified: 0,
        untested: 0,
      };
      seps.set(sep, entry);
    }
    return entry;
  };
  for (const check of checks) {
    const entry = sepOf(check.sep);
    switch (check.status) {
      case "pass":
      case "fail": {
        const count = counts[check.severity];
        count.total++;
        entry.tested++;
        if (check.status === "pass") {
          count.passed++;
          entry.passed++;
          statuses.pass++;
        } else {
          entry.failed++;
          statuses.fail++;
        }
        break;
      }
      case "not-applicable":
        entry.not_applicable++;
        statuses.not_applicable++;
        break;
      case "not-verified":
        entry.not_verified++;
        statuses.not_verified++;
        if (check.unanswered && check.severity !== "may") unanswered[check.severity]++;
        break;
      case "untested":
        entry.untested++;
        statuses.untested++;
        break;
    }
  }
  for (const item of excluded) sepOf(item.sep).excluded++;
  const perSep = [...seps.values()].sort((a, b) => a.sep - b.sep);
  const input = { ...counts, unanswered };
  return { input, tier: scoreTier(input), perSep, statuses };
}
