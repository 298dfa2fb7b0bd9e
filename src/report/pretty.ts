/** @module The pretty reporter: the human-readable run summary of seed 001's "Expected output". */

import type { AssertionResult, BudgetResult, RunRecord, TestResult } from "../record/run_record.ts";
import { isBudgetOnlyFailure } from "../record/summary.ts";
import type { Styler } from "../util/ansi.ts";
import { failingRule, ruleSummary } from "./_rule.ts";

const DETAIL = " ".repeat(8);
const VALUE = " ".repeat(10);

/** Render a run record for people. */
export function renderPretty(record: RunRecord, style: Styler): string {
  const width = Math.max(0, ...record.tests.map((t) => t.name.length)) + 4;
  const lines: string[] = [];
  for (const test of record.tests) lines.push(...renderTest(test, width, style));
  const overBudget = record.tests.filter((t) => t.budgets.some((b) => b.status === "fail"));
  if (overBudget.length > 0) {
    lines.push(
      "",
      style.yellow(
        "Over budget (the response was right but too expensive, or its headers were off):",
      ),
    );
    for (const test of overBudget) {
      for (const budget of test.budgets.filter((b) => b.status === "fail")) {
        lines.push(`  ${test.name}: ${budgetLine(budget)}`);
      }
    }
  }
  lines.push("", summaryLine(record));
  return lines.join("\n") + "\n";
}

/** The closing line: `N passed, N failed[, N skipped] in X.Xs`. */
export function summaryLine(record: RunRecord): string {
  const s = record.summary;
  const skipped = s.skipped > 0 ? `, ${s.skipped} skipped` : "";
  return `${s.passed} passed, ${s.failed + s.errored} failed${skipped} in ${
    (record.durationMs / 1000).toFixed(1)
  }s`;
}

function renderTest(test: TestResult, width: number, style: Styler): string[] {
  const label = test.status === "pass"
    ? style.green("PASS")
    : test.status === "skip"
    ? style.yellow("SKIP")
    : style.red("FAIL");
  const tail = test.status === "skip"
    ? `(${test.skipReason ?? "skipped"})`
    : `(${test.durationMs}ms)`;
  const lines = [`  ${label}  ${test.name.padEnd(width)}${style.dim(tail)}`];
  const rule = failingRule(test);
  if (rule) lines.push(`${DETAIL}${style.dim(ruleSummary(rule))}`);
  if (test.failure) {
    const layer = test.failure.layer ? ` [${test.failure.layer}]` : "";
    lines.push(`${DETAIL}${style.red("error" + layer + ":")} ${test.failure.message}`);
  }
  for (const assertion of test.assertions) {
    if (assertion.status !== "pass") lines.push(...renderAssertion(assertion));
  }
  if (!isBudgetOnlyFailure(test)) {
    for (const budget of test.budgets) {
      if (budget.status === "fail") lines.push(`${DETAIL}budget ${budgetLine(budget)}`);
    }
  } else {
    lines.push(`${DETAIL}over budget (see below)`);
  }
  return lines;
}

function renderAssertion(a: AssertionResult): string[] {
  const head = `expected (${a.matcher}): `;
  const lines = [
    `${DETAIL}${a.target}`,
    `${VALUE}${head}${indentRest(a.expected, head.length)}`,
    `${VALUE}${"actual:".padEnd(head.length)}${indentRest(a.actual, head.length)}`,
  ];
  if (a.message) lines.push(`${VALUE}${indentRest(a.message, 0)}`);
  return lines;
}

function budgetLine(b: BudgetResult): string {
  return `${b.budget}: limit ${b.limit}, actual ${b.actual}${b.message ? ` (${b.message})` : ""}`;
}

function indentRest(text: string, extra: number): string {
  return text.split("\n").join("\n" + " ".repeat(VALUE.length + extra));
}
