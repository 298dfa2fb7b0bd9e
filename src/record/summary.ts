/** @module Counts a run's test results into its summary. */

import type { RunSummary, TestResult } from "./run_record.ts";

/** Count passes, failures, skips, errors and budget-only failures. */
export function summarize(tests: readonly TestResult[]): RunSummary {
  let passed = 0, failed = 0, skipped = 0, errored = 0, budgetFailed = 0;
  for (const test of tests) {
    if (test.status === "pass") passed++;
    else if (test.status === "fail") failed++;
    else if (test.status === "skip") skipped++;
    else errored++;
    if (test.budgets.some((b) => b.status === "fail")) budgetFailed++;
  }
  return { total: tests.length, passed, failed, skipped, errored, budgetFailed };
}

/** Whether a test's failure is only a budget failure (its assertions all passed). */
export function isBudgetOnlyFailure(test: TestResult): boolean {
  return test.status === "fail" && test.assertions.every((a) => a.status === "pass") &&
    test.budgets.some((b) => b.status === "fail");
}
