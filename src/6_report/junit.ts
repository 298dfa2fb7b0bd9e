/** @module The junit reporter: Ant/Jenkins-style JUnit XML, one `<testsuite>` per test file. */

import { escapeAttr, escapeText, safeMarkup } from "../0_base/util/escape.ts";
import {
  errorText,
  failureDetail,
  failureHeadline,
  groupByFile,
  noteTexts,
  outcomeOf,
  seconds,
  skippedBudgets,
  skippedBudgetText,
} from "./_view.ts";
import { failingRule, ruleLine } from "./_rule.ts";
import type { RunRecord, TestResult } from "../4_record/run_record.ts";
import { loadFigures } from "./load_view.ts";

/**
 * Render a run record as JUnit XML (the schema Jenkins, GitLab and most CI dashboards read).
 *
 * A test that failed an assertion is a `<failure type="assertion">`; one whose assertions passed but
 * whose performance budget did not is a `<failure type="budget">` (its own bucket); a test that
 * reached no verdict (connection failure, timeout) is an `<error>`; a skipped test is `<skipped>`.
 *
 * A failing compliance result that carries its rule opens the `<failure>`/`<error>` body with
 * `rule PROTO-001 (MUST in v2025-11-25): <spec URL>`. (The Jenkins/Ant schema has no
 * `<properties>` inside `<testcase>`, so the rule travels in the body, which every consumer shows.)
 *
 * A budget that could not apply (a header budget on a stdio server) is listed with its reason in
 * the test case's `<system-out>` (`budget ... skipped: ...`): it does not change the verdict but
 * never passes silently. Every value is escaped and no line reads as a CI workflow command.
 */
export function renderJunit(record: RunRecord): string {
  const s = record.summary;
  const timestamp = junitTimestamp(record.startedAt);
  const lines = [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<testsuites ${
      attrs({
        name: "mcptest",
        tests: s.total,
        failures: s.failed,
        errors: s.errored,
        time: seconds(record.durationMs),
      })
    }>`,
  ];
  groupByFile(record).forEach(({ file, tests }, index) => {
    const count = (o: string) => tests.filter((t) => outcomeOf(t) === o).length;
    const suite = attrs({
      name: file,
      tests: tests.length,
      failures: count("fail") + count("budget"),
      errors: count("error"),
      skipped: count("skip"),
      time: seconds(tests.reduce((sum, t) => sum + t.durationMs, 0)),
      ...(timestamp ? { timestamp } : {}),
      id: index,
      file,
    });
    lines.push(`  <testsuite ${suite}>`);
    lines.push(`    <properties>`);
    lines.push(
      `      <property ${attrs({ name: "mcptest.version", value: record.tool.version })}/>`,
    );
    lines.push(`    </properties>`);
    for (const test of tests) lines.push(...testcase(test));
    lines.push(`  </testsuite>`);
  });
  lines.push(`</testsuites>`);
  return safeMarkup(lines.join("\n") + "\n");
}

function testcase(test: TestResult): string[] {
  const head = attrs({
    name: test.name,
    classname: `${test.file}.${test.kind}`,
    time: seconds(test.durationMs),
    file: test.file,
    line: test.line,
  });
  const outcome = outcomeOf(test);
  const skipped = skippedBudgets(test);
  const said = [...noteTexts(test), ...skipped.map(skippedBudgetText)];
  const out = said.length === 0
    ? []
    : [`      <system-out>${escapeText(said.join("\n"))}</system-out>`];
  if (test.cached) {
    out.unshift('      <properties><property name="mcptest.cached" value="true"/></properties>');
  }
  if (test.attempts !== undefined) {
    const flaky = test.flaky ? '<property name="mcptest.flaky" value="true"/>' : "";
    out.unshift(
      `      <properties>${flaky}<property name="mcptest.attempts" value="${test.attempts}"/></properties>`,
    );
  }
  if (test.load) out.unshift(`      <properties>${loadProperties(test.load)}</properties>`);
  if (outcome === "pass" && out.length === 0) return [`    <testcase ${head}/>`];
  if (outcome === "pass") return [`    <testcase ${head}>`, ...out, `    </testcase>`];
  const rule = failingRule(test);
  const body = escapeText(
    rule ? `${ruleLine(rule)}\n\n${failureDetail(test)}` : failureDetail(test),
  );
  const inner: string[] = [];
  if (outcome === "skip") {
    inner.push(`      <skipped ${attrs({ message: test.skipReason ?? "skipped" })}/>`);
  } else if (outcome === "error") {
    const type = test.failure?.layer ? `connection.${test.failure.layer}` : "error";
    inner.push(`      <error ${attrs({ message: errorText(test), type })}>${body}</error>`);
  } else {
    const type = outcome === "budget" ? "budget" : "assertion";
    inner.push(
      `      <failure ${attrs({ message: failureHeadline(test), type })}>${body}</failure>`,
    );
  }
  return [`    <testcase ${head}>`, ...inner, ...out, `    </testcase>`];
}

/** `mcptest.load.<figure>` properties: numbers where measured, else the reason (a percentile with too few calls). */
function loadProperties(stats: NonNullable<TestResult["load"]>): string {
  return loadFigures(stats).map((f) =>
    `<property ${attrs({ name: `mcptest.load.${f.name}`, value: f.value ?? f.text })}/>`
  ).join("");
}

function attrs(values: Record<string, string | number>): string {
  return Object.entries(values).map(([k, v]) => `${k}="${escapeAttr(String(v))}"`).join(" ");
}

/** Ant's timestamp: ISO 8601 without zone or fraction (UTC). */
function junitTimestamp(startedAt: string): string | undefined {
  const date = new Date(startedAt);
  if (Number.isNaN(date.getTime())) return undefined;
  return date.toISOString().slice(0, 19);
}
