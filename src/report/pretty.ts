/** @module The pretty reporter: the human-readable run summary of seed 001's "Expected output". */

import type { AssertionResult, BudgetResult, RunRecord, TestResult } from "../record/run_record.ts";
import { isBudgetOnlyFailure } from "../record/summary.ts";
import type { Styler } from "../util/ansi.ts";
import { escapeStrings, neutralizeCommands } from "../util/escape.ts";
import { failingRule, ruleSummary } from "./_rule.ts";
import { resultMarks, skippedBudgets, skippedBudgetText } from "./_view.ts";

const DETAIL = " ".repeat(8);
const VALUE = " ".repeat(10);

/**
 * Render a run record for people. Every string of the record is shown with its control
 * characters as `\uXXXX` (a server cannot drive the terminal) and no output line can be read as
 * a CI workflow command; only `style`'s own colour codes reach the terminal. A budget that could
 * not apply (a header budget on a stdio server) shows as `SKIP` with its reason.
 */
export function renderPretty(record: RunRecord, style: Styler): string {
  const tests = record.tests.map((t) => escapeStrings(t));
  const width = Math.max(0, ...tests.map((t) => oneLine(t.name).length)) + 4;
  const lines: string[] = [];
  for (const test of tests) lines.push(...renderTest(test, width, style));
  const overBudget = tests.filter((t) => t.budgets.some((b) => b.status === "fail"));
  if (overBudget.length > 0) {
    lines.push(
      "",
      style.yellow(
        "Over budget (the response was right but too expensive, or its headers were off):",
      ),
    );
    for (const test of overBudget) {
      for (const budget of test.budgets.filter((b) => b.status === "fail")) {
        lines.push(`  ${oneLine(test.name)}: ${indentRest(budgetLine(budget), 4)}`);
      }
    }
  }
  if (record.cost) lines.push("", costLine(record.cost));
  lines.push("", summaryLine(record));
  return neutralizeCommands(lines.join("\n") + "\n");
}

/** The closing line: `N passed, N failed[, N skipped][, N budgets skipped] in X.Xs`. */
export function summaryLine(record: RunRecord): string {
  const s = record.summary;
  const skipped = s.skipped > 0 ? `, ${s.skipped} skipped` : "";
  const budgets = record.tests.reduce((n, t) => n + skippedBudgets(t).length, 0);
  const budgetsSkipped = budgets > 0
    ? `, ${budgets} budget${budgets === 1 ? "" : "s"} skipped`
    : "";
  return `${s.passed} passed, ${s.failed + s.errored} failed${skipped}${budgetsSkipped} in ${
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
    ? `(${oneLine(test.skipReason ?? "skipped")})`
    : `(${[`${test.durationMs}ms`, ...resultMarks(test), ...agentMarks(test)].join(", ")})`;
  const cached = test.cached ? style.dim(" (cached)") : "";
  const lines = [`  ${label}  ${oneLine(test.name).padEnd(width)}${style.dim(tail)}${cached}`];
  for (const line of judgeLines(test)) lines.push(`${DETAIL}${style.dim(oneLine(line))}`);
  const rule = failingRule(test);
  if (rule) lines.push(`${DETAIL}${style.dim(oneLine(ruleSummary(rule)))}`);
  if (test.failure) {
    const layer = test.failure.layer ? ` [${test.failure.layer}]` : "";
    const head = `error${layer}:`;
    lines.push(
      `${DETAIL}${style.red(head)} ${indentRest(test.failure.message, DETAIL.length + 2)}`,
    );
  }
  for (const assertion of test.assertions) {
    if (assertion.status !== "pass") lines.push(...renderAssertion(assertion));
  }
  if (!isBudgetOnlyFailure(test)) {
    for (const budget of test.budgets) {
      if (budget.status === "fail") {
        lines.push(`${DETAIL}budget ${indentRest(budgetLine(budget), DETAIL.length + 2)}`);
      }
    }
  } else {
    lines.push(`${DETAIL}over budget (see below)`);
  }
  for (const budget of skippedBudgets(test)) {
    lines.push(
      `${DETAIL}${style.yellow("SKIP")} budget ${
        indentRest(skippedBudgetText(budget), DETAIL.length + 2)
      }`,
    );
  }
  return lines;
}

/** Agent and eval rows: who answered, tokens, cost (`provider stub` marks a missing key). */
function agentMarks(test: TestResult): string[] {
  const a = test.agent;
  if (!a) return [];
  const cost = a.costUsd === null ? "cost unknown" : `$${a.costUsd.toFixed(6)}`;
  return [
    ...(a.provider ? [`provider ${a.provider}`] : []),
    `${a.tokens.total} tokens`,
    cost,
  ];
}

/** One line per judge verdict of a row. */
function judgeLines(test: TestResult): string[] {
  return (test.agent?.judges ?? []).map((v) =>
    `judge ${v.model} (${v.provider}): ${v.verdict}, score ${v.score.toFixed(2)}: ${v.reasoning}`
  );
}

/** The run's model spending. */
function costLine(cost: NonNullable<RunRecord["cost"]>): string {
  const tripped = cost.capTripped ? ` (stopped by ${cost.capTripped})` : "";
  return `Model cost: $${cost.totalUsd.toFixed(6)}${tripped}`;
}

function renderAssertion(a: AssertionResult): string[] {
  const head = `expected (${a.matcher}): `;
  const lines = [
    `${DETAIL}${oneLine(a.target)}`,
    `${VALUE}${head}${indentRest(a.expected, VALUE.length + head.length)}`,
    `${VALUE}${"actual:".padEnd(head.length)}${indentRest(a.actual, VALUE.length + head.length)}`,
  ];
  if (a.message) lines.push(`${VALUE}${indentRest(a.message, VALUE.length)}`);
  return lines;
}

function budgetLine(b: BudgetResult): string {
  return `${b.budget}: limit ${b.limit}, actual ${b.actual}${b.message ? ` (${b.message})` : ""}`;
}

/** Continuation lines of a multi-line value, indented under its first line. */
function indentRest(text: string, column: number): string {
  return text.split("\n").join("\n" + " ".repeat(column));
}

function oneLine(text: string): string {
  return text.replace(/\n/g, " ");
}
