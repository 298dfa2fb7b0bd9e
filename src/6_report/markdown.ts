/** @module The markdown reporter: a summary fit for a PR comment or `$GITHUB_STEP_SUMMARY`. */

import {
  escapeText,
  fenceFor,
  markdownCell,
  neutralizeCommands,
  visibleControls,
} from "../0_base/util/escape.ts";
import { lineDiff } from "../1_matchers/line_diff.ts";
import {
  budgetText,
  errorText,
  failedAssertions,
  failedBudgets,
  flakyText,
  humanDuration,
  isFailing,
  noteTexts,
  outcomeOf,
  skippedBudgets,
} from "./_view.ts";
import { failingRule, linkableUrl } from "./_rule.ts";
import { loadMarkdownSection } from "./load_view.ts";
import type { AssertionResult, RuleRef, RunRecord, TestResult } from "../4_record/run_record.ts";

const ICON = { pass: "✅", fail: "❌", budget: "⏱️", error: "💥", skip: "⏭️" } as const;
const LABEL = {
  pass: "pass",
  fail: "fail",
  budget: "over budget",
  error: "error",
  skip: "skip",
} as const;

/**
 * Render a run record as GitHub-flavoured Markdown: a headline, a one-row summary table, the
 * failures (expected/actual as a `diff` block), the over-budget bucket, and every test in a
 * collapsed table. Every value from the record is escaped, so a test name cannot inject markup.
 * A failing compliance result that carries its rule opens its failure with the severity in bold,
 * the rule id, the revision and a link to the spec section. Budgets that could not apply (a
 * header budget on a stdio server) are listed with their reason under "Budgets skipped". No line
 * of the output reads as a CI workflow command.
 */
export function renderMarkdown(record: RunRecord): string {
  const s = record.summary;
  const failing = s.failed + s.errored;
  const out: string[] = [
    `## ${failing > 0 ? ICON.fail : ICON.pass} mcptest: ${
      failing > 0 ? `${failing} failed` : "all passed"
    } (${s.passed} passed${s.skipped > 0 ? `, ${s.skipped} skipped` : ""} of ${s.total})`,
    "",
    "| Total | Passed | Failed | Errors | Over budget | Skipped | Duration |",
    "| ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    `| ${s.total} | ${s.passed} | ${s.failed} | ${s.errored} | ${s.budgetFailed} | ${s.skipped} | ${
      humanDuration(record.durationMs)
    } |`,
  ];
  const failures = record.tests.filter((t) => isFailing(t) && outcomeOf(t) !== "budget");
  if (failures.length > 0) {
    out.push(
      "",
      "### Failures",
      "",
      "In each diff, `-` is the expected value and `+` the actual one.",
      "",
    );
    for (const test of failures) out.push(...failureBlock(test));
  }
  const over = record.tests.filter((t) => failedBudgets(t).length > 0);
  if (over.length > 0) {
    out.push(
      "",
      "### Over budget",
      "",
      "The response was right but too expensive (or its headers were off).",
      "",
      "| Test | Budget | Limit | Actual | Location |",
      "| --- | --- | --- | --- | --- |",
    );
    for (const test of over) {
      for (const b of failedBudgets(test)) {
        out.push(
          `| ${markdownCell(test.name)} | ${b.budget} | ${markdownCell(b.limit)} | ${
            markdownCell(b.actual)
          } | ${location(test.file, b.line)} |`,
        );
      }
    }
  }
  out.push(...skippedSection(record), ...loadMarkdownSection(record.tests));
  const flaky = record.tests.filter((t) => t.flaky);
  if (flaky.length > 0) {
    out.push("", "### Flaky", "", "These tests passed only on a retry.", "");
    for (const test of flaky) {
      out.push(
        `- ${markdownCell(test.name)}: ${flakyText(test)} (${location(test.file, test.line)})`,
      );
    }
  }
  out.push(...notesSection(record));
  out.push("", "<details><summary>All tests</summary>", "");
  out.push("| Status | Test | Kind | Duration | Location |", "| --- | --- | --- | ---: | --- |");
  for (const test of record.tests) {
    const o = outcomeOf(test);
    const duration = o === "skip" ? markdownCell(test.skipReason ?? "skipped") : humanDuration(
      test.durationMs,
    ) + (test.cached ? " (cached)" : "") + (flakyText(test) ? ` (${flakyText(test)})` : "") +
      noteTexts(test).map((n) => ` (${markdownCell(n)})`).join("");
    out.push(
      `| ${ICON[o]} ${LABEL[o]} | ${markdownCell(test.name)} | ${test.kind} | ${duration} | ${
        location(test.file, test.line)
      } |`,
    );
  }
  out.push("", "</details>", "");
  return neutralizeCommands(out.join("\n"));
}

function skippedSection(record: RunRecord): string[] {
  const rows: string[] = [];
  for (const test of record.tests) {
    for (const b of skippedBudgets(test)) {
      rows.push(
        `| ${markdownCell(test.name)} | ${b.budget} | ${markdownCell(b.limit)} | ${
          markdownCell(b.message ?? "the budget could not apply")
        } | ${location(test.file, b.line || test.line)} |`,
      );
    }
  }
  if (rows.length === 0) return [];
  return [
    "",
    "### Budgets skipped",
    "",
    "These budgets could not apply, so they neither passed nor failed.",
    "",
    "| Test | Budget | Limit | Reason | Location |",
    "| --- | --- | --- | --- | --- |",
    ...rows,
  ];
}

function failureBlock(test: TestResult): string[] {
  const o = outcomeOf(test);
  const lines = [
    `<details open><summary>${ICON[o]} <b>${escapeText(oneLine(test.name))}</b> (${
      escapeText(test.file)
    }:${test.line})</summary>`,
    "",
  ];
  const rule = failingRule(test);
  if (rule) lines.push(ruleText(rule), "");
  if (test.failure) lines.push(markdownCell(errorText(test)), "");
  for (const a of failedAssertions(test)) lines.push(...assertionBlock(a));
  for (const b of failedBudgets(test)) lines.push(`- over budget: ${markdownCell(budgetText(b))}`);
  lines.push("", "</details>", "");
  return lines;
}

/** `**MUST** · PROTO-001 · v2025-11-25 · [specification](https://...)`. */
function ruleText(rule: RuleRef): string {
  const url = linkableUrl(rule.specUrl);
  const spec = url ? `[specification](${url})` : markdownCell(rule.specUrl);
  return `**${markdownCell(rule.severity)}** · ${markdownCell(rule.id)} · ${
    markdownCell(rule.revision)
  } · ${spec}`;
}

function assertionBlock(a: AssertionResult): string[] {
  const head = `**${markdownCell(a.target)}** (${markdownCell(a.matcher)}, line ${a.line})${
    a.message ? `: ${markdownCell(a.message)}` : ""
  }`;
  const body = lineDiff(a.expected, a.actual)
    .map((d) => `${d.op} ${visibleControls(d.text)}`).join("\n");
  const fence = fenceFor(body);
  return [head, "", `${fence}diff`, body, fence, ""];
}

function location(file: string, line: number): string {
  return `${markdownCell(file)}:${line}`;
}

function oneLine(text: string): string {
  return text.replace(/\r?\n|\r/g, " ");
}

/** The notes of passing results (a gate with nothing to compare yet), one line each; none: empty. */
function notesSection(record: RunRecord): string[] {
  const lines = record.tests.flatMap((test) =>
    noteTexts(test).map((note) =>
      `- ${markdownCell(test.name)}: ${markdownCell(note)} (${location(test.file, test.line)})`
    )
  );
  return lines.length === 0 ? [] : ["", "### Notes", "", ...lines];
}
