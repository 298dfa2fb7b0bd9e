/** @module Tier scoring: MUST / SHOULD / MAY pass counts -> tier-1 / tier-2 / tier-3 / fail and a badge (SEP-1730 anchored). */

/** Passed and total checks of one severity (only decided checks: pass or fail). */
export interface SeverityCount {
  /** Checks that passed. */
  readonly passed: number;
  /** Checks that reached a verdict. */
  readonly total: number;
}

/** What {@link scoreTier} needs: the decided MUST, SHOULD and MAY checks. */
export interface TierInput {
  /** MUST checks. */
  readonly must: SeverityCount;
  /** SHOULD checks. */
  readonly should: SeverityCount;
  /** MAY checks. */
  readonly may: SeverityCount;
}

/** A tier verdict. */
export type Tier = "tier-1" | "tier-2" | "tier-3" | "fail";

/** The short badge of a tier. */
export type Badge = "T1" | "T2" | "T3" | "F";

/** The outcome of {@link scoreTier}. */
export interface TierResult {
  /** The tier earned. */
  readonly tier: Tier;
  /** The tier's short badge. */
  readonly badge: Badge;
  /** MUST pass rate in [0, 1] (1 when no MUST was decided). */
  readonly mustRate: number;
  /** SHOULD pass rate in [0, 1] (1 when no SHOULD was decided). */
  readonly shouldRate: number;
  /** MUST and SHOULD checks together, pass rate in [0, 1] (1 when none was decided). */
  readonly overallRate: number;
  /** The rule that set the tier, in words. */
  readonly reason: string;
}

/** The tier-2 threshold of SEP-1730 (80%). */
export const TIER2_RATE = 0.8;
/** Below this MUST pass rate a server fails outright. */
export const TIER3_MUST_RATE = 0.5;

const BADGES: Readonly<Record<Tier, Badge>> = {
  "tier-1": "T1",
  "tier-2": "T2",
  "tier-3": "T3",
  "fail": "F",
};

/**
 * Score a tier from decided check counts (not-applicable, not-verified, untested and excluded
 * requirements are not in the counts, so a server is never scored down for a feature it does not
 * offer). MAY checks are reported but never change the tier.
 *
 * - `tier-1` (T1): every decided MUST and every decided SHOULD passed (100%).
 * - `tier-2` (T2): MUST pass rate >= 80% and the overall pass rate of MUST and SHOULD checks
 *   together >= 80% (SEP-1730 counts every required test alike; a few SHOULDs do not swing it).
 * - `tier-3` (T3): MUST pass rate >= 50% (SEP-1730's tier 3 has no minimum; below half the MUSTs
 *   we say fail), or nothing was decided at all (no evidence either way).
 * - `fail` (F): MUST pass rate below 50%.
 *
 * A severity with no decided check counts as 100%.
 *
 * @param input decided MUST / SHOULD / MAY counts
 * @returns the tier, its badge, the rates and the rule applied
 * @throws {RangeError} when a count is negative or `passed` exceeds `total`
 *
 * @example Score a server that missed one SHOULD of ten
 * ```ts
 * import { scoreTier } from "./tier.ts";
 * const result = scoreTier({
 *   must: { passed: 12, total: 12 },
 *   should: { passed: 9, total: 10 },
 *   may: { passed: 0, total: 1 },
 * });
 * // result.tier === "tier-2", result.badge === "T2"
 * ```
 */
export function scoreTier(input: TierInput): TierResult {
  for (const [name, count] of Object.entries(input) as Array<[string, SeverityCount]>) {
    if (
      !Number.isInteger(count.passed) || !Number.isInteger(count.total) || count.passed < 0 ||
      count.total < 0 || count.passed > count.total
    ) {
      throw new RangeError(`invalid ${name} count: ${count.passed}/${count.total}`);
    }
  }
  const mustRate = rate(input.must);
  const shouldRate = rate(input.should);
  const overallRate = rate({
    passed: input.must.passed + input.should.passed,
    total: input.must.total + input.should.total,
  });
  const percent = (r: number) => `${Math.floor(r * 1000) / 10}%`;
  const rates = `MUST ${percent(mustRate)}, SHOULD ${percent(shouldRate)}, overall ${
    percent(overallRate)
  }`;
  const result = (tier: Tier, reason: string): TierResult => ({
    tier,
    badge: BADGES[tier],
    mustRate,
    shouldRate,
    overallRate,
    reason,
  });
  if (input.must.total + input.should.total === 0) {
    return result("tier-3", "no MUST or SHOULD check reached a verdict (no evidence either way)");
  }
  if (mustRate === 1 && shouldRate === 1) {
    return result("tier-1", `every decided MUST and SHOULD passed (${rates})`);
  }
  if (mustRate >= TIER2_RATE && overallRate >= TIER2_RATE) {
    return result("tier-2", `MUST and overall pass rates are at least 80% (${rates})`);
  }
  if (mustRate >= TIER3_MUST_RATE) {
    return result("tier-3", `MUST pass rate is at least 50% (${rates})`);
  }
  return result("fail", `MUST pass rate is below 50% (${rates})`);
}

function rate(count: SeverityCount): number {
  return count.total === 0 ? 1 : count.passed / count.total;
}
