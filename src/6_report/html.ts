/** @module The html reporter: one self-contained page (inline CSS, no scripts, no network assets). */

import { escapeAttr, escapeText, safeMarkup } from "../0_base/util/escape.ts";
import { HTML_STYLE } from "./_html_style.ts";
import { lineDiff } from "../1_matchers/line_diff.ts";
import {
  budgetText,
  errorText,
  failedAssertions,
  failedBudgets,
  flakyText,
  groupByFile,
  humanDuration,
  noteTexts,
  outcomeOf,
  skippedBudgets,
  skippedBudgetText,
} from "./_view.ts";
import { failingRule, linkableUrl } from "./_rule.ts";
import type {
  AssertionResult,
  RuleRef,
  RunRecord,
  ServerRecord,
  TestResult,
} from "../4_record/run_record.ts";
import { loadChartHtml } from "./load_view.ts";

const LABEL = {
  pass: "PASS",
  fail: "FAIL",
  budget: "BUDGET",
  error: "ERROR",
  skip: "SKIP",
} as const;

/** A severity's badge reuses a status colour: MUST red, SHOULD amber, MAY grey. */
const SEVERITY_BADGE = { MUST: "fail", SHOULD: "budget", MAY: "skip" } as const;

/** Blocks every network fetch: the page can only use its own inline styles. */
const CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; " +
  "form-action 'none'";

/**
 * Render a run record as one HTML file: the summary counts, the servers, the over-budget bucket,
 * then every test grouped by file with its status, duration and, for a failure, the expected and
 * actual values side by side plus a line diff. Failing tests are expanded. Every value is escaped.
 * A failing compliance result that carries its rule shows a severity badge, the rule id, the
 * revision and a link to the spec section (the page's only links: navigation, never a fetch).
 * A budget that could not apply shows as `SKIP` with its reason, in its test and in a "Budgets
 * skipped" section. No line of the page reads as a CI workflow command.
 */
export function renderHtml(record: RunRecord): string {
  const s = record.summary;
  const failing = s.failed + s.errored;
  const h = escapeText;
  const parts: string[] = [
    "<!DOCTYPE html>",
    '<html lang="en">',
    "<head>",
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${escapeAttr(CSP)}">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>mcptest: ${failing > 0 ? `${failing} failed` : "all passed"}</title>`,
    `<style>${HTML_STYLE}</style>`,
    "</head>",
    "<body>",
    "<header>",
    "<h1>mcptest report</h1>",
    `<p class="meta">Started ${h(record.startedAt)} · took ${
      humanDuration(record.durationMs)
    } · mcptest ${h(record.tool.version)} · ${record.files.length} file(s)</p>`,
    `<div class="banner ${failing > 0 ? "fail" : "pass"}">${
      failing > 0
        ? `${failing} of ${s.total} tests failed`
        : `All ${s.total - s.skipped} tests passed`
    }</div>`,
    '<ul class="counts">',
    count(s.total, "total"),
    count(s.passed, "passed"),
    count(s.failed, "failed"),
    count(s.errored, "errors"),
    count(s.budgetFailed, "over budget"),
    count(s.skipped, "skipped"),
    ...(s.flaky ? [count(s.flaky, "flaky")] : []),
    "</ul>",
    "</header>",
  ];
  parts.push(...serversSection(record.servers));
  parts.push(...budgetSection(record));
  parts.push(...skippedSection(record));
  parts.push("<h2>Tests</h2>");
  if (record.tests.length === 0) parts.push('<p class="empty">No tests ran.</p>');
  for (const { file, tests } of groupByFile(record)) {
    parts.push(`<section><h3>${h(file)}</h3>`);
    for (const test of tests) parts.push(...testBlock(test));
    parts.push("</section>");
  }
  parts.push(
    `<footer>Rendered from run record v${record.version}. Re-render with ` +
      "<code>mcptest report RUN.json --format html</code>.</footer>",
    "</body>",
    "</html>",
  );
  return safeMarkup(parts.join("\n") + "\n");
}

function count(n: number, label: string): string {
  return `<li><b>${n}</b>${label}</li>`;
}

function serversSection(servers: readonly ServerRecord[]): string[] {
  if (servers.length === 0) return [];
  const rows = servers.map((s) =>
    `<tr><td>${escapeText(s.key)}</td><td><code>${escapeText(s.target)}</code></td><td>${
      escapeText(s.source)
    }</td><td>${escapeText(s.status)}${
      s.failure ? `: <span class="problem">${escapeText(s.failure.message)}</span>` : ""
    }</td><td>${escapeText(s.protocolVersion ?? "")}</td></tr>`
  );
  return [
    "<h2>Servers</h2>",
    "<table><thead><tr><th>Server</th><th>Target</th><th>Source</th><th>Status</th><th>Protocol</th></tr></thead>",
    `<tbody>${rows.join("")}</tbody></table>`,
  ];
}

function budgetSection(record: RunRecord): string[] {
  const rows: string[] = [];
  for (const test of record.tests) {
    for (const b of failedBudgets(test)) {
      rows.push(
        `<tr><td>${escapeText(test.name)}</td><td><code>${escapeText(b.budget)}</code></td><td>${
          escapeText(b.limit)
        }</td><td>${escapeText(b.actual)}</td><td>${escapeText(test.file)}:${b.line}</td></tr>`,
      );
    }
  }
  if (rows.length === 0) return [];
  return [
    '<h2 id="over-budget">Over budget</h2>',
    '<p class="meta">The response was right but too expensive (or its headers were off).</p>',
    "<table><thead><tr><th>Test</th><th>Budget</th><th>Limit</th><th>Actual</th><th>Location</th></tr></thead>",
    `<tbody>${rows.join("")}</tbody></table>`,
  ];
}

function skippedSection(record: RunRecord): string[] {
  const rows: string[] = [];
  for (const test of record.tests) {
    for (const b of skippedBudgets(test)) {
      rows.push(
        `<tr><td>${escapeText(test.name)}</td><td><code>${escapeText(b.budget)}</code></td><td>${
          escapeText(b.limit)
        }</td><td>${escapeText(b.message ?? "the budget could not apply")}</td><td>${
          escapeText(test.file)
        }:${b.line || test.line}</td></tr>`,
      );
    }
  }
  if (rows.length === 0) return [];
  return [
    '<h2 id="budgets-skipped">Budgets skipped</h2>',
    '<p class="meta">These budgets could not apply, so they neither passed nor failed.</p>',
    "<table><thead><tr><th>Test</th><th>Budget</th><th>Limit</th><th>Reason</th><th>Location</th></tr></thead>",
    `<tbody>${rows.join("")}</tbody></table>`,
  ];
}

function testBlock(test: TestResult): string[] {
  const o = outcomeOf(test);
  const open = o === "fail" || o === "error" || o === "budget" ? " open" : "";
  const tail = o === "skip"
    ? escapeText(test.skipReason ?? "skipped")
    : humanDuration(test.durationMs) + (test.cached ? " (cached)" : "") +
      (flakyText(test) ? ` (${escapeText(flakyText(test))})` : "") +
      noteTexts(test).map((n) => ` (${escapeText(n)})`).join("");
  const lines = [
    `<details class="test ${o}"${open}><summary><span class="badge ${o}">${LABEL[o]}</span>` +
    `<span class="name">${escapeText(test.name)}</span><span class="where">${
      escapeText(test.kind)
    } · line ${test.line}</span><span class="time">${tail}</span></summary>`,
    '<div class="body">',
  ];
  const rule = failingRule(test);
  if (rule) lines.push(ruleBlock(rule));
  if (test.load) lines.push(loadChartHtml(test.load));
  if (test.failure) lines.push(`<p class="problem">${escapeText(errorText(test))}</p>`);
  for (const a of failedAssertions(test)) lines.push(...assertionBlock(a));
  const budgets = failedBudgets(test);
  if (budgets.length > 0) {
    lines.push(
      `<p class="problem">Over budget:</p><ul>${
        budgets.map((b) => `<li>${escapeText(budgetText(b))} (line ${b.line})</li>`).join("")
      }</ul>`,
    );
  }
  const skipped = skippedBudgets(test);
  if (skipped.length > 0) {
    lines.push(
      `<ul>${
        skipped.map((b) =>
          `<li><span class="badge skip">SKIP</span> budget ${
            escapeText(skippedBudgetText(b))
          } (line ${b.line})</li>`
        ).join("")
      }</ul>`,
    );
  }
  if (o === "pass" || o === "skip") lines.push(...passedSummary(test));
  lines.push("</div>", "</details>");
  return lines;
}

function ruleBlock(rule: RuleRef): string {
  const url = linkableUrl(rule.specUrl);
  const spec = url
    ? `<a href="${escapeAttr(url)}" rel="noreferrer">specification</a>`
    : escapeText(rule.specUrl);
  return `<p><span class="badge ${
    Object.hasOwn(SEVERITY_BADGE, rule.severity) ? SEVERITY_BADGE[rule.severity] : "skip"
  }">${escapeText(rule.severity)}</span> ${escapeText(rule.id)} · ${
    escapeText(rule.revision)
  } · ${spec}</p>`;
}

function assertionBlock(a: AssertionResult): string[] {
  const diff = lineDiff(a.expected, a.actual).map((d) => {
    const cls = d.op === "-" ? "del" : d.op === "+" ? "ins" : "same";
    return `<span class="${cls}">${d.op} ${escapeText(d.text)}</span>`;
  }).join("");
  return [
    `<p><code>${escapeText(a.target)}</code> · ${escapeText(a.matcher)} · line ${a.line} · ${
      escapeText(a.status)
    }${a.message ? `: <span class="problem">${escapeText(a.message)}</span>` : ""}</p>`,
    '<div class="pair">',
    `<div><h4>Expected</h4><pre>${escapeText(a.expected)}</pre></div>`,
    `<div><h4>Actual</h4><pre>${escapeText(a.actual)}</pre></div>`,
    "</div>",
    `<h4>Diff (- expected, + actual)</h4><pre class="diff">${diff}</pre>`,
  ];
}

function passedSummary(test: TestResult): string[] {
  const checks = test.assertions.length + test.budgets.length;
  if (checks === 0) return [`<p class="empty">${escapeText(test.file)}:${test.line}</p>`];
  const rows = [
    ...test.assertions.map((a) =>
      `<tr><td><code>${escapeText(a.target)}</code></td><td>${escapeText(a.matcher)}</td><td>${
        escapeText(a.status)
      }</td></tr>`
    ),
    ...test.budgets.map((b) =>
      `<tr><td><code>${escapeText(b.budget)}</code></td><td>limit ${escapeText(b.limit)}, actual ${
        escapeText(b.actual)
      }</td><td>${escapeText(b.status)}${
        b.status === "skip" && b.message ? `: ${escapeText(b.message)}` : ""
      }</td></tr>`
    ),
  ];
  return [`<table><tbody>${rows.join("")}</tbody></table>`];
}
