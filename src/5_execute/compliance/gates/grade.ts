/** @module The compliance grade: a severity-weighted score and a letter for one server's rule results in one corpus revision. */

import type { Status, TestResult } from "../../../4_record/run_record.ts";
import type { RuleSeverity } from "../../../3_load/compliance_corpus/types.ts";

/** A grade letter, best to worst. */
export type GradeLetter = "A" | "B" | "C" | "D" | "F";

/** How much one rule weighs in the score, by its severity in the graded revision. */
export const GRADE_WEIGHTS: Readonly<Record<RuleSeverity, number>> = { MUST: 3, SHOULD: 2, MAY: 1 };

/** The grade of one server's compliance results in one corpus revision. */
export interface Grade {
  /** The corpus revision the results came from (`v2025-11-25`). */
  readonly revision: string;
  /** 100 × Σweight(passed) / Σweight(passed + failed + errored) over distinct rules, rounded to one decimal. */
  readonly score: number;
  /** The letter of the score (see {@link gradeLetter}). */
  readonly letter: GradeLetter;
  /** The verdict of every graded rule by id (skips included, so the file shows them), sorted by id. */
  readonly rules: Readonly<Record<string, Status>>;
}

/** How a grade moved against a baseline grade. */
export interface GradeComparison {
  /** `score - baseline.score`, rounded to one decimal (negative: a drop). */
  readonly delta: number;
  /** Rule ids that passed in the baseline and fail or error now, sorted. */
  readonly regressions: readonly string[];
  /** Rule ids that failed or errored in the baseline and pass now, sorted. */
  readonly improvements: readonly string[];
}

/**
 * Round to one decimal, half away from zero (96.25 -> 96.3, -2.45 -> -2.5); never returns -0.
 * @param value any finite number
 * @returns the value with one decimal at most
 */
export function roundScore(value: number): number {
  const rounded = Math.round(Math.abs(value) * 10 + 1e-9) / 10;
  return value < 0 && rounded !== 0 ? -rounded : rounded;
}

/**
 * The letter of a score: A needs at least 95 and no failed or errored MUST rule, then B >= 85,
 * C >= 70, D >= 50, F below.
 * @param score a score from 0 to 100 (already rounded)
 * @param mustFailed whether a MUST rule failed or errored
 * @returns the letter
 *
 * @example A failed MUST rule caps the letter at B
 * ```ts
 * import { gradeLetter } from "@mcptest/cli";
 *
 * console.log(gradeLetter(96.3, false), gradeLetter(96.3, true), gradeLetter(49.9, false)); // A B F
 * ```
 */
export function gradeLetter(score: number, mustFailed: boolean): GradeLetter {
  if (score >= 95 && !mustFailed) return "A";
  if (score >= 85) return "B";
  if (score >= 70) return "C";
  if (score >= 50) return "D";
  return "F";
}

/** Worst verdict first: when one rule has several results, the worst one stands for it. */
const RANK: Readonly<Record<Status, number>> = { error: 3, fail: 2, pass: 1, skip: 0 };

/**
 * The grade of one server's compliance results in one corpus revision. Only results of kind
 * `compliance` that carry a `rule` reference are graded. Each rule counts once, with its worst
 * verdict (error, then fail, pass, skip) and the weight of its severity ({@link GRADE_WEIGHTS});
 * skipped rules do not count.
 *
 * @param results the results of one server (other kinds are ignored)
 * @returns the grade, or undefined when no rule reached a verdict (nothing passed, failed or errored)
 * @throws {RangeError} when the results come from more than one corpus revision
 *
 * @example Grade three results
 * ```ts
 * import { computeGrade } from "@mcptest/cli";
 *
 * const rule = (id: string, severity: "MUST" | "SHOULD" | "MAY") => ({
 *   id,
 *   revision: "v2025-11-25",
 *   severity,
 *   specUrl: "https://modelcontextprotocol.io/specification/2025-11-25",
 * });
 * const result = (id: string, severity: "MUST" | "SHOULD" | "MAY", status: "pass" | "fail") => ({
 *   id: `suite.yml::compliance::default::${id}`,
 *   name: id,
 *   kind: "compliance" as const,
 *   server: "default",
 *   file: "suite.yml",
 *   line: 1,
 *   col: 1,
 *   status,
 *   durationMs: 0,
 *   assertions: [],
 *   budgets: [],
 *   rule: rule(id, severity),
 * });
 * const grade = computeGrade([
 *   result("PROTO-001", "MUST", "pass"),
 *   result("PROTO-002", "MUST", "pass"),
 *   result("EDGE-003", "SHOULD", "fail"),
 * ]);
 * console.log(grade?.score, grade?.letter); // 75 C
 * ```
 */
export function computeGrade(results: readonly TestResult[]): Grade | undefined {
  const graded = results.filter((r) => r.kind === "compliance" && r.rule !== undefined);
  const revisions = [...new Set(graded.map((r) => r.rule!.revision))];
  if (revisions.length > 1) {
    throw new RangeError(
      `cannot grade results of several corpus revisions together: ${revisions.join(", ")}`,
    );
  }
  // One verdict per rule (the worst), so a rule listed twice weighs once.
  const verdicts = new Map<string, { status: Status; severity: RuleSeverity }>();
  for (const result of graded) {
    const rule = result.rule!;
    const seen = verdicts.get(rule.id);
    if (seen === undefined || RANK[result.status] > RANK[seen.status]) {
      verdicts.set(rule.id, { status: result.status, severity: rule.severity });
    }
  }
  let earned = 0;
  let total = 0;
  let mustFailed = false;
  for (const { status, severity } of verdicts.values()) {
    if (status === "skip") continue;
    const weight = GRADE_WEIGHTS[severity];
    total += weight;
    if (status === "pass") earned += weight;
    else if (severity === "MUST") mustFailed = true;
  }
  if (total === 0) return undefined;
  const score = roundScore((100 * earned) / total);
  const ids = [...verdicts.keys()].sort();
  return {
    revision: revisions[0]!,
    score,
    letter: gradeLetter(score, mustFailed),
    rules: Object.fromEntries(ids.map((id) => [id, verdicts.get(id)!.status])),
  };
}

const failing = (status: string | undefined) => status === "fail" || status === "error";

/**
 * Compare a grade with a baseline grade: the score delta, the rules that regressed and improved.
 * Only rules graded in both count as regressions or improvements; a rule new to this run moves the
 * score but is neither.
 * @param current this run's grade
 * @param baseline the saved grade (its score and per-rule verdicts)
 * @returns the comparison
 *
 * @example One rule regressed
 * ```ts
 * import { compareGrades } from "@mcptest/cli";
 *
 * const diff = compareGrades(
 *   { score: 85, rules: { "RES-002": "fail", "TOOL-001": "pass" } },
 *   { score: 100, rules: { "RES-002": "pass", "TOOL-001": "pass" } },
 * );
 * console.log(diff.delta, diff.regressions); // -15 [ "RES-002" ]
 * ```
 */
export function compareGrades(
  current: Pick<Grade, "score" | "rules">,
  baseline: Pick<Grade, "score" | "rules">,
): GradeComparison {
  const ids = Object.keys(current.rules).sort();
  return {
    delta: roundScore(current.score - baseline.score),
    regressions: ids.filter((id) => baseline.rules[id] === "pass" && failing(current.rules[id])),
    improvements: ids.filter((id) => failing(baseline.rules[id]) && current.rules[id] === "pass"),
  };
}
