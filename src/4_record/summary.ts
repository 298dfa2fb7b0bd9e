/** @module Counts a run's test results into its summary. */

import type { RunSummary, TestResult } from "./run_record.ts";

/** Count passes, failures, skips, errors, budget-only failures and flaky passes (absent when none). */
export function summarize(tests: readonly TestResult[]): RunSummary {
  let passed = 0, failed = 0, skipped = 0, errored = 0, budgetFailed = 0, flaky = 0;
  for (const test of tests) {
    if (test.status === "pass") passed++;
    else if (test.status === "fail") failed++;
    else if (test.status === "skip") skipped++;
    else errored++;
    if (test.budgets.some((b) => b.status === "fail")) budgetFailed++;
    if (test.flaky === true) flaky++;
  }
  const counts = { total: tests.length, passed, failed, skipped, errored, budgetFailed };
  return flaky > 0 ? { ...counts, flaky } : counts;
}

/** Whether a test's failure is only a budget failure (its assertions all passed). */
export function isBudgetOnlyFailure(test: TestResult): boolean {
  return test.status === "fail" && test.assertions.every((a) => a.status === "pass") &&
    test.budgets.some((b) => b.status === "fail");
}

/**
 * Snapshot files a run wrote, from its assertions' messages: `written` (first recorded) and
 * `updated` (`-u` rewrote one that differed).
 */
export function snapshotCounts(tests: readonly TestResult[]): { written: number; updated: number } {
  let written = 0, updated = 0;
  for (const test of tests) {
    for (const a of test.assertions) {
      if (a.matcher !== "snapshot" || a.status !== "pass" || a.message === undefined) continue;
      if (a.message.startsWith("recorded ")) written++;
      else if (a.message.startsWith("updated ")) updated++;
    }
  }
  return { written, updated };
}
