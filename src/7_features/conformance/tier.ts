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
  /**
   * Checks that stayed not-verified because the server never answered their probe's request by
   * the deadline (`--timeout`) or closed the connection under it (default: none).
   */
  readonly unanswered?: {
    /** MUST checks left unanswered. */
    readonly must: number;
    /** SHOULD checks left unanswered. */
    readonly should: number;
  };
}

/** MUST and SHOULD checks whose probe got no answer at all (the server stayed silent). */
type UnansweredCount = NonNullable<TierInput["unanswered"]>;

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
 * - `tier-1` (T1): every decided MUST and every decided SHOULD passed (100%), **with evidence**:
 *   at least one MUST was decided, and no MUST or SHOULD check was left unanswered.
 * - `tier-2` (T2): MUST pass rate >= 80% and the overall pass rate of MUST and SHOULD checks
 *   together >= 80% (SEP-1730 counts every required test alike; a few SHOULDs do not swing it).
 * - `tier-3` (T3): MUST pass rate >= 50% (SEP-1730's tier 3 has no minimum; below half the MUSTs
 *   we say fail), or nothing was decided at all (no evidence either way).
 * - `fail` (F): MUST pass rate below 50%.
 *
 * A severity with no decided check counts as 100% in the rates, but the rates alone never make a
 * tier: evidence caps it (a cap lowers a tier, never raises one).
 *
 * - No MUST decided: at most `tier-3` (passes of SHOULDs alone prove nothing about the MUSTs).
 * - A MUST check unanswered (`unanswered.must > 0`): at most `tier-3`. The server let a probe's
 *   request go unanswered until `--timeout` (or closed under it): the requirement could not be
 *   judged, and a server that answers only the handshake would otherwise score tier 1 on nothing.
 * - A SHOULD check unanswered: at most `tier-2`.
 *
 * @param input decided MUST / SHOULD / MAY counts, and the MUST / SHOULD checks left unanswered
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
 *
 * @example A server that answered nothing but the handshake
 * ```ts
 * import { scoreTier } from "./tier.ts";
 * const result = scoreTier({
 *   must: { passed: 0, total: 0 },
 *   should: { passed: 0, total: 0 },
 *   may: { passed: 0, total: 0 },
 *   unanswered: { must: 9, should: 3 },
 * });
 * // result.tier === "tier-3": no evidence, and 9 MUST checks got no answer
 * ```
 */
export function scoreTier(input: TierInput): TierResult {
  const { must, should, may } = input;
  for (const [name, count] of Object.entries({ must, should, may })) {
    if (
      !Number.isInteger(count.passed) || !Number.isInteger(count.total) || count.passed < 0 ||
      count.total < 0 || count.passed > count.total
    ) {
      throw new RangeError(`invalid ${name} count: ${count.passed}/${count.total}`);
    }
  }
  const unanswered = input.unanswered ?? { must: 0, should: 0 };
  for (const [name, count] of Object.entries(unanswered)) {
    if (!Number.isInteger(count) || count < 0) {
      throw new RangeError(`invalid unanswered ${name} count: ${count}`);
    }
  }
  const mustRate = rate(must);
  const shouldRate = rate(should);
  const overallRate = rate({
    passed: must.passed + should.passed,
    total: must.total + should.total,
  });
  const percent = (r: number) => `${Math.floor(r * 1000) / 10}%`;
  const rates = `MUST ${percent(mustRate)}, SHOULD ${percent(shouldRate)}, overall ${
    percent(overallRate)
  }`;
  const silence = silenceText(unanswered);
  const result = (tier: Tier, reason: string): TierResult => ({
    tier,
    badge: BADGES[tier],
    mustRate,
    shouldRate,
    overallRate,
    reason: silence === "" ? reason : `${reason}; ${silence}`,
  });
  if (must.total + should.total === 0) {
    return result("tier-3", "no MUST or SHOULD check reached a verdict (no evidence either way)");
  }
  const [tier, reason] = byRates(mustRate, shouldRate, overallRate, rates);
  const cap = capOf(must.total, unanswered);
  if (cap && RANK[cap.tier] < RANK[tier]) {
    return result(cap.tier, `${cap.reason}, so at most ${cap.tier} (the rates alone: ${rates})`);
  }
  return result(tier, reason);
}

/** Tiers from best to worst. */
const RANK: Readonly<Record<Tier, number>> = { "fail": 0, "tier-3": 1, "tier-2": 2, "tier-1": 3 };

/** The tier the pass rates earn, and the rule in words. */
function byRates(
  mustRate: number,
  shouldRate: number,
  overallRate: number,
  rates: string,
): [Tier, string] {
  if (mustRate === 1 && shouldRate === 1) {
    return ["tier-1", `every decided MUST and SHOULD passed (${rates})`];
  }
  if (mustRate >= TIER2_RATE && overallRate >= TIER2_RATE) {
    return ["tier-2", `MUST and overall pass rates are at least 80% (${rates})`];
  }
  if (mustRate >= TIER3_MUST_RATE) return ["tier-3", `MUST pass rate is at least 50% (${rates})`];
  return ["fail", `MUST pass rate is below 50% (${rates})`];
}

/** The best tier the evidence allows, when it limits one: the strictest cap first. */
function capOf(
  mustDecided: number,
  unanswered: UnansweredCount,
): { tier: Tier; reason: string } | undefined {
  if (unanswered.must > 0) {
    return { tier: "tier-3", reason: "a MUST check got no answer" };
  }
  if (mustDecided === 0) {
    return { tier: "tier-3", reason: "no MUST check reached a verdict (no evidence on the MUSTs)" };
  }
  if (unanswered.should > 0) return { tier: "tier-2", reason: "a SHOULD check got no answer" };
  return undefined;
}

/** `9 MUST and 3 SHOULD check(s) got no answer by the deadline`, or "" when none. */
function silenceText(unanswered: UnansweredCount): string {
  const parts = [
    unanswered.must > 0 ? `${unanswered.must} MUST` : "",
    unanswered.should > 0 ? `${unanswered.should} SHOULD` : "",
  ].filter((part) => part !== "");
  return parts.length === 0
    ? ""
    : `${parts.join(" and ")} check(s) got no answer by the deadline (--timeout)`;
}

function rate(count: SeverityCount): number {
  return count.total === 0 ? 1 : count.passed / count.total;
}
