/** @module The pretty reporter: the human-readable run summary of seed 001's "Expected output". */

import type {
  AssertionResult,
  BudgetResult,
  RunRecord,
  TestResult,
} from "../4_record/run_record.ts";
import { isBudgetOnlyFailure, snapshotCounts } from "../4_record/summary.ts";
import type { Styler } from "../0_base/util/ansi.ts";
import { escapeControls, escapeStrings, neutralizeCommands } from "../0_base/util/escape.ts";
import { failingRule, ruleSummary } from "./_rule.ts";
import { loadLine } from "./load_view.ts";
import {
  countsText,
  failureLocation,
  resultMarks,
  skippedBudgets,
  skippedBudgetText,
} from "./_view.ts";

const DETAIL = " ".repeat(8);
const VALUE = " ".repeat(10);

/** Test kinds a suite declares (the ones `runSuite` reports as they finish, in file order). */
const RUN_LATER = new Set(["compliance", "gate", "agent", "eval", "drift", "coverage", "scan"]);

/** Whether a result is a suite test (tool, resource, prompt, list), not a later row (compliance, gate, agent, ...). */
export function isSuiteTest(test: { readonly kind: string }): boolean {
  return !RUN_LATER.has(test.kind);
}

/**
 * How the test lines are laid out: the column the durations start at, and whether file headers
 * are shown (the suite loaded more than one file). Both are known before the first test finishes,
 * so the streaming writer prints the same bytes as a later re-render.
 */
export interface PrettyLayout {
  readonly width: number;
  readonly headers: boolean;
}

/**
 * The layout of a record: the name column fits the suite tests' names (every name when there are
 * none), headers when `record.files` has more than one file.
 */
export function prettyLayout(record: RunRecord): PrettyLayout {
  const suiteTests = record.tests.filter(isSuiteTest);
  return layoutOf(
    (suiteTests.length > 0 ? suiteTests : record.tests).map((t) => t.name),
    record.files,
  );
}

/** The layout of a run whose suite tests have these names (before any escaping) and files. */
export function layoutOf(names: readonly string[], files: readonly string[]): PrettyLayout {
  const width = Math.max(0, ...names.map((n) => oneLine(escapeControls(n, true)).length)) + 4;
  return { width, headers: files.length > 1 };
}

/**
 * The lines of one test, ready to print (escaped, no workflow command, ending in a newline),
 * preceded by its file's header when the layout shows headers and `previousFile` differs.
 */
export function prettyTestText(
  raw: TestResult,
  previousFile: string | undefined,
  layout: PrettyLayout,
  style: Styler,
): string {
  const test = escapeStrings(raw);
  const lines: string[] = [];
  if (layout.headers && raw.file !== previousFile) {
    if (previousFile !== undefined) lines.push("");
    lines.push(style.bold(oneLine(test.file)));
  }
  lines.push(...renderTest(test, layout.width, style));
  return neutralizeCommands(lines.join("\n") + "\n");
}

/** What follows the tests: the over-budget section, the model cost and the summary line. */
export function prettyTail(record: RunRecord, style: Styler): string {
  const lines: string[] = [];
  const overBudget = record.tests.filter((t) => t.budgets.some((b) => b.status === "fail"))
    .map((t) => escapeStrings(t));
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
  if (record.cost) lines.push("", costLine(record.cost, record.tests));
  lines.push("", summaryLine(record));
  return neutralizeCommands(lines.join("\n") + "\n");
}

/**
 * The pretty report in pieces (each test's text, then the tail), so a writer never holds the
 * whole report in one string.
 */
export function* prettyChunks(record: RunRecord, style: Styler): Generator<string> {
  const layout = prettyLayout(record);
  let previous: string | undefined;
  for (const test of record.tests) {
    yield prettyTestText(test, previous, layout, style);
    previous = test.file;
  }
  yield prettyTail(record, style);
}

/**
 * Render a run record for people. Every string of the record is shown with its control
 * characters as `\uXXXX` (a server cannot drive the terminal) and no output line can be read as
 * a CI workflow command; only `style`'s own colour codes reach the terminal. A budget that could
 * not apply (a header budget on a stdio server) shows as `SKIP` with its reason. Tests are grouped
 * by file (a header per file when the run loaded several) and each failure names its `file:line:col`.
 */
export function renderPretty(record: RunRecord, style: Styler): string {
  let text = "";
  for (const chunk of prettyChunks(record, style)) text += chunk;
  return text;
}

/** The closing line: `N passed, N failed[, N skipped][, N budgets skipped] in X.Xs`. */
export function summaryLine(record: RunRecord): string {
  const budgets = record.tests.reduce((n, t) => n + skippedBudgets(t).length, 0);
  const budgetsSkipped = budgets > 0
    ? `, ${budgets} budget${budgets === 1 ? "" : "s"} skipped`
    : "";
  return `${countsText(record)}${budgetsSkipped}${snapshotText(record)} in ${
    (record.durationMs / 1000).toFixed(1)
  }s`;
}

/** `, 1 snapshot written, 2 snapshots updated` (empty when the run wrote none). */
function snapshotText(record: RunRecord): string {
  const { written, updated } = snapshotCounts(record.tests);
  const part = (n: number, what: string) =>
    n > 0 ? `, ${n} snapshot${n === 1 ? "" : "s"} ${what}` : "";
  return part(written, "written") + part(updated, "updated");
}

function renderTest(test: TestResult, width: number, style: Styler): string[] {
  // A pass on a retry reads FLAKY (one column wider, so one space less), never PASS.
  const label = test.flaky && test.status === "pass"
    ? style.yellow("FLAKY")
    : test.status === "pass"
    ? style.green("PASS")
    : test.status === "skip"
    ? style.yellow("SKIP")
    : style.red("FAIL");
  const tail = test.status === "skip"
    ? `(${oneLine(test.skipReason ?? "skipped")})`
    : `(${[`${test.durationMs}ms`, ...resultMarks(test), ...agentMarks(test)].join(", ")})`;
  const cached = test.cached ? style.dim(" (cached)") : "";
  const name = oneLine(test.name);
  const gap = test.flaky && test.status === "pass" ? " " : "  ";
  const lines = [
    `  ${label}${gap}${name.padEnd(Math.max(width, name.length + 4))}${style.dim(tail)}${cached}`,
  ];
  if (test.load) lines.push(`${DETAIL}${style.dim(`load: ${loadLine(test.load)}`)}`);
  for (const line of judgeLines(test)) lines.push(`${DETAIL}${style.dim(oneLine(line))}`);
  const rule = failingRule(test);
  if (rule) lines.push(`${DETAIL}${style.dim(oneLine(ruleSummary(rule)))}`);
  if (test.status === "fail" || test.status === "error") {
    const at = failureLocation(test);
    // A rule run with --server has no file: name the rule of the corpus instead of a place.
    const where = test.kind === "compliance" && !/\.ya?ml$/i.test(test.file) && test.rule
      ? `rule ${test.rule.id} of the ${test.rule.revision} corpus`
      : `${oneLine(test.file)}:${at.line}:${at.col}`;
    lines.push(`${DETAIL}${style.dim(`at ${where}`)}`);
  }
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

/** The run's model spending; "unknown" for the rows whose cost is (no price for their model). */
function costLine(cost: NonNullable<RunRecord["cost"]>, tests: readonly TestResult[]): string {
  const tripped = cost.capTripped ? ` (stopped by ${cost.capTripped})` : "";
  const unknown = tests.filter((t) => t.agent && t.agent.costUsd === null).length;
  const known = `$${cost.totalUsd.toFixed(6)}`;
  const total = unknown === 0
    ? known
    : cost.totalUsd === 0
    ? "unknown"
    : `${known} plus unknown (${unknown} row${unknown === 1 ? "" : "s"} without a price)`;
  return `Model cost: ${total}${tripped}`;
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
