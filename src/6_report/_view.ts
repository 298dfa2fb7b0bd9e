/** @module Read-only views over a run record shared by the CI reporters (outcome, failure text, grouping). */

import type {
  AssertionResult,
  BudgetResult,
  RunRecord,
  TestResult,
} from "../4_record/run_record.ts";
import { isBudgetOnlyFailure } from "../4_record/summary.ts";

/**
 * How a reporter files a test: `budget` is a failure whose assertions all passed but a performance
 * budget did not (seed 004 section 4: its own bucket); `error` means no verdict was reached.
 */
export type Outcome = "pass" | "fail" | "budget" | "error" | "skip";

/** The bucket a test belongs to. */
export function outcomeOf(test: TestResult): Outcome {
  if (test.status === "pass") return "pass";
  if (test.status === "skip") return "skip";
  if (test.status === "error") return "error";
  return isBudgetOnlyFailure(test) ? "budget" : "fail";
}

/** Whether the test failed the run (a failure, a budget failure or an error). */
export function isFailing(test: TestResult): boolean {
  return test.status === "fail" || test.status === "error";
}

/** Assertions that did not pass (fail or error). */
export function failedAssertions(test: TestResult): AssertionResult[] {
  return test.assertions.filter((a) => a.status === "fail" || a.status === "error");
}

/** Budgets that failed. */
export function failedBudgets(test: TestResult): BudgetResult[] {
  return test.budgets.filter((b) => b.status === "fail");
}

/**
 * Budgets that could not apply (a header budget on a stdio server): every reporter shows them as
 * skipped with the reason, never as passed.
 */
export function skippedBudgets(test: TestResult): BudgetResult[] {
  return test.budgets.filter((b) => b.status === "skip");
}

/** `response_headers (limit x-served-by: edge) skipped: header budgets apply to HTTP servers only`. */
export function skippedBudgetText(b: BudgetResult): string {
  const limit = b.limit ? ` (limit ${b.limit})` : "";
  return `${b.budget}${limit} skipped: ${b.message ?? "the budget could not apply"}`;
}

/** `max_duration_ms: limit 250ms, actual 412ms (message)`. */
export function budgetText(b: BudgetResult): string {
  return `${b.budget}: limit ${b.limit}, actual ${b.actual}${b.message ? ` (${b.message})` : ""}`;
}

/** `connection failed (tcp): message`, or `error: message` without a layer. */
export function errorText(test: TestResult): string {
  const failure = test.failure;
  if (!failure) return "error: no verdict was reached";
  return failure.layer
    ? `connection failed (${failure.layer}): ${failure.message}`
    : `error: ${failure.message}`;
}

/** One line saying why an assertion failed. */
export function assertionHeadline(a: AssertionResult): string {
  if (a.status === "error") return `${a.target}: ${a.matcher} matcher error: ${a.message ?? ""}`;
  if (!a.expected.includes("\n") && !a.actual.includes("\n")) {
    return `${a.target}: expected (${a.matcher}) ${a.expected}, actual ${a.actual}`;
  }
  return `${a.target}: ${a.message ?? `value does not match (${a.matcher})`}`;
}

/** Several lines detailing an assertion: target, expected, actual, message. */
export function assertionDetail(a: AssertionResult): string {
  const lines = [
    `${a.target} (${a.matcher}, line ${a.line}): ${a.status}`,
    `expected: ${a.expected}`,
    `actual:   ${a.actual}`,
  ];
  if (a.message) lines.push(`message:  ${a.message}`);
  return lines.join("\n");
}

/** One line saying why a test failed, or "" for a passing/skipped test. */
export function failureHeadline(test: TestResult): string {
  if (test.status === "error") return errorText(test);
  if (test.status !== "fail") return "";
  const first = failedAssertions(test)[0];
  if (first) return assertionHeadline(first);
  const budget = failedBudgets(test)[0];
  if (budget) return `over budget: ${budgetText(budget)}`;
  // A failure without a failed check (a compliance rule whose handshake was rejected).
  return test.failure?.message ?? "failed";
}

/** Every reason a test failed, as plain text (blank-line separated). */
export function failureDetail(test: TestResult): string {
  const parts: string[] = [];
  if (test.failure) parts.push(errorText(test));
  for (const a of failedAssertions(test)) parts.push(assertionDetail(a));
  const budgets = failedBudgets(test);
  if (budgets.length > 0) {
    parts.push(["over budget:", ...budgets.map((b) => `  ${budgetText(b)}`)].join("\n"));
  }
  return parts.join("\n\n");
}

/** The most precise source line of a failure: the first failed assertion, else budget, else the test. */
export function failureLocation(test: TestResult): { line: number; col: number } {
  const at = failedAssertions(test)[0] ?? failedBudgets(test)[0];
  return at && at.line > 0 ? { line: at.line, col: at.col } : { line: test.line, col: test.col };
}

/** The tests of each file, files in the order they first appear in the record. */
export function groupByFile(record: RunRecord): { file: string; tests: TestResult[] }[] {
  const groups = new Map<string, TestResult[]>();
  for (const test of record.tests) {
    const list = groups.get(test.file) ?? [];
    list.push(test);
    groups.set(test.file, list);
  }
  return [...groups.entries()].map(([file, tests]) => ({ file, tests }));
}

/** Milliseconds as seconds with three decimals (`0.412`). */
export function seconds(ms: number): string {
  return (Math.max(0, ms) / 1000).toFixed(3);
}

/** Milliseconds for people: `412ms`, `4.1s`. */
export function humanDuration(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)}ms` : `${(ms / 1000).toFixed(1)}s`;
}

const RULE_ID = /^([A-Z][A-Z0-9]*-\d{3})\b/;

/**
 * The compliance rule id of a result: its `rule.id`, else (records without rules) the id a
 * compliance test's name starts with (`PROTO-001`), if any.
 */
export function complianceRuleId(test: TestResult): string | undefined {
  if (test.rule) return test.rule.id;
  if (test.kind !== "compliance") return undefined;
  return RULE_ID.exec(test.name)?.[1];
}

/** The counts line: `2 passed, 6 failed, 1 skipped` (failed includes errors). */
export function countsText(record: RunRecord): string {
  const s = record.summary;
  const skipped = s.skipped > 0 ? `, ${s.skipped} skipped` : "";
  const flaky = s.flaky ? `, ${s.flaky} flaky` : "";
  return `${s.passed} passed, ${s.failed + s.errored} failed${skipped}${flaky}`;
}

/** How a result was obtained when not by a live run: `replay` (from a cassette); empty when live. */
export function resultMarks(test: TestResult): string[] {
  const marks = test.replayed ? ["replay"] : [];
  const flaky = flakyText(test);
  return [...(flaky === "" ? marks : [...marks, flaky]), ...noteTexts(test)];
}

/**
 * `note: ...` for each note a passing result carries: the `spec_version_check:` gate's bootstrap
 * cases (no `against:` yet, no corpus for the target), which pass with a note that every
 * reporter shows; empty otherwise.
 */
export function noteTexts(test: TestResult): string[] {
  return test.assertions
    .filter((a) => a.status === "pass" && a.matcher === "bootstrap" && a.message)
    .map((a) => `note: ${a.message}`);
}

/**
 * `flaky: passed on attempt 2 of 3` for a test that passed only on a retry; `failed 3 attempts`
 * for one retried without passing; "" otherwise. Every reporter shows it: a flaky pass is never a
 * plain pass.
 */
export function flakyText(test: TestResult): string {
  if (test.flaky) return `flaky: passed on attempt ${test.attempts ?? 2}`;
  if (test.attempts !== undefined && test.attempts > 1) return `${test.attempts} attempts`;
  return "";
}
