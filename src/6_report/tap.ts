/** @module The tap reporter: TAP version 14 (readable by TAP 13 consumers), YAML diagnostics per failure. */

import {
  countsText,
  errorText,
  failedAssertions,
  failedBudgets,
  failureHeadline,
  flakyText,
  noteTexts,
  outcomeOf,
  skippedBudgets,
  skippedBudgetText,
} from "./_view.ts";
import { escapeControls, escapeStrings, neutralizeCommands } from "../0_base/util/escape.ts";
import { failingRule } from "./_rule.ts";
import { tapYamlLines } from "./tap_yaml.ts";
import type { RunRecord, TestResult } from "../4_record/run_record.ts";

/**
 * Render a run record as TAP 14: a plan, one `ok`/`not ok` line per test (`# SKIP reason` for a
 * skipped test, `# time=Nms` otherwise), and for each failing test a YAML block with its location,
 * its bucket (`assertion`, `budget` or `error`) and every failed assertion and budget. A compliance
 * result that carries its rule adds `rule: {id, severity, revision, spec_url}` (nested: the block's
 * own `severity` is the TAP fail/error one). A budget that could not apply gets a comment under
 * its test (`# budget response_headers (limit ...) skipped: reason`). Control characters show as
 * `\uXXXX` and no line reads as a CI workflow command.
 */
export function renderTap(record: RunRecord): string {
  const lines = ["TAP version 14", `1..${record.tests.length}`];
  record.tests.forEach((test, index) => lines.push(...testLines(test, index + 1)));
  const over = record.tests.filter((t) => failedBudgets(t).length > 0);
  if (over.length > 0) {
    lines.push("# over budget (the response was right but too expensive):");
    for (const test of over) {
      for (const b of failedBudgets(test)) {
        lines.push(comment(`  ${test.name}: ${b.budget} limit ${b.limit}, actual ${b.actual}`));
      }
    }
  }
  lines.push(comment(`mcptest ${countsText(record)}`));
  return neutralizeCommands(lines.join("\n") + "\n");
}

function testLines(test: TestResult, n: number): string[] {
  const skipped = skippedBudgets(test).map((b) => comment(`budget ${skippedBudgetText(b)}`));
  const flaky = flakyText(test);
  const notes = noteTexts(test).map(comment);
  return [
    ...verdictLines(test, n),
    ...(flaky === "" ? [] : [comment(flaky)]),
    ...notes,
    ...skipped,
  ];
}

function verdictLines(test: TestResult, n: number): string[] {
  const name = description(test.name);
  const outcome = outcomeOf(test);
  if (outcome === "skip") {
    return [`ok ${n} - ${name} # SKIP ${oneLine(test.skipReason ?? "skipped")}`];
  }
  if (outcome === "pass") {
    return [`ok ${n} - ${name} # time=${test.durationMs}ms${test.cached ? " (cached)" : ""}`];
  }
  const rule = failingRule(test);
  const diagnostics = {
    message: failureHeadline(test),
    severity: outcome === "error" ? "error" : "fail",
    bucket: outcome === "budget" ? "budget" : outcome === "error" ? "error" : "assertion",
    at: { file: test.file, line: test.line, column: test.col },
    kind: test.kind,
    ...(rule
      ? {
        rule: {
          id: rule.id,
          severity: rule.severity,
          revision: rule.revision,
          spec_url: rule.specUrl,
        },
      }
      : {}),
    duration_ms: test.durationMs,
    ...(test.failure ? { error: errorText(test) } : {}),
    ...(failedAssertions(test).length > 0
      ? {
        assertions: failedAssertions(test).map((a) => ({
          target: a.target,
          matcher: a.matcher,
          status: a.status,
          wanted: a.expected,
          found: a.actual,
          ...(a.message ? { message: a.message } : {}),
          at: { line: a.line, column: a.col },
        })),
      }
      : {}),
    ...(failedBudgets(test).length > 0
      ? {
        budgets: failedBudgets(test).map((b) => ({
          budget: b.budget,
          limit: b.limit,
          actual: b.actual,
          ...(b.message ? { message: b.message } : {}),
          at: { line: b.line, column: b.col },
        })),
      }
      : {}),
  };
  const yaml = tapYamlLines(escapeStrings(diagnostics));
  return [
    `not ok ${n} - ${name} # time=${test.durationMs}ms`,
    "  ---",
    ...yaml.map((l) => `  ${l}`),
    "  ...",
  ];
}

/** A TAP description: one line, `\` and `#` escaped (TAP 14). */
function description(text: string): string {
  return oneLine(text).replace(/\\/g, "\\\\").replace(/#/g, "\\#");
}

/** One line, its control characters shown as `\uXXXX`. */
function oneLine(text: string): string {
  return escapeControls(text.replace(/\r?\n|\r/g, " "));
}

function comment(text: string): string {
  return `# ${oneLine(text)}`;
}
