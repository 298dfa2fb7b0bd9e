import assert from "node:assert/strict";
import type { RunRecord, TestResult } from "../../src/4_record/run_record.ts";
import type { LoadStats } from "../../src/4_record/load_stats.ts";
import { summarize } from "../../src/4_record/summary.ts";
import { renderPretty } from "../../src/6_report/pretty.ts";
import { renderJunit } from "../../src/6_report/junit.ts";
import { renderMarkdown } from "../../src/6_report/markdown.ts";
import { renderHtml } from "../../src/6_report/html.ts";
import { loadFigures, loadLine } from "../../src/6_report/load_view.ts";
import { styler } from "../../src/0_base/util/ansi.ts";
import { parseRunRecord } from "../../src/4_record/validate.ts";

const stats = (over: Partial<LoadStats> = {}): LoadStats => ({
  samples: 20,
  warmUp: 0,
  concurrency: 4,
  failures: 1,
  errorRate: 0.05,
  throughput: 120.5,
  p50Ms: 1.5,
  p90Ms: 3,
  p95Ms: 4.25,
  maxMs: 9,
  meanMs: 2,
  mode: "pipelined",
  ...over,
});

const test = (load: LoadStats, name = "add <under> load"): TestResult => ({
  id: `s.yml::tool::${name}`,
  name,
  kind: "tool",
  server: "s",
  file: "s.yml",
  line: 3,
  col: 5,
  status: "fail",
  durationMs: 200,
  assertions: [],
  budgets: [{
    budget: "p95_ms",
    status: "fail",
    limit: "4ms",
    actual: "4.25ms",
    line: 9,
    col: 15,
  }, {
    budget: "p99_ms",
    status: "skip",
    limit: "10ms",
    actual: "20 measured calls",
    message: "p99 needs at least 100 measured calls, got 20",
    line: 10,
    col: 15,
  }],
  load,
});

const record = (tests: TestResult[]): RunRecord => ({
  version: 1,
  tool: { name: "mcptest", version: "0.0.0" },
  startedAt: "2026-01-01T00:00:00.000Z",
  durationMs: 300,
  files: ["s.yml"],
  servers: [],
  tests,
  summary: summarize(tests),
});

Deno.test("loadFigures(): a percentile below its sample minimum says what it needs", () => {
  const figures = loadFigures(stats());
  assert.equal(figures.find((f) => f.name === "p99")?.text, "n/a (needs 100 calls)");
  assert.equal(figures.find((f) => f.name === "p99")?.value, undefined);
  assert.equal(figures.find((f) => f.name === "p95")?.value, 4.25);
  assert.equal(figures.find((f) => f.name === "error_rate")?.text, "5% (1 of 20)");
  assert.equal(
    loadLine(stats()),
    "20 calls at concurrency 4: p50 1.5ms, p90 3ms, p95 4.25ms, p99 n/a (needs 100 calls), max 9ms, 120.5 calls/s, error rate 5% (1 of 20)",
  );
});

Deno.test("every reporter shows the load distribution; the budget is in the budget bucket", () => {
  const run = record([test(stats())]);
  assert.equal(run.summary.budgetFailed, 1);
  const pretty = renderPretty(run, styler(false));
  assert.match(pretty, /\n {8}load: 20 calls at concurrency 4: p50 1\.5ms/);
  assert.match(
    pretty,
    /Over budget[^\n]*\n {2}add <under> load: p95_ms: limit 4ms, actual 4\.25ms/,
  );
  assert.match(pretty, /SKIP budget p99_ms[^\n]*p99 needs at least 100 measured calls, got 20/);
  const junit = renderJunit(run);
  assert.match(junit, /<property name="mcptest\.load\.p95" value="4\.25"\/>/);
  assert.match(junit, /<property name="mcptest\.load\.p99" value="n\/a \(needs 100 calls\)"\/>/);
  const markdown = renderMarkdown(run);
  assert.match(markdown, /### Latency under load/);
  assert.match(markdown, /\| add &lt;under&gt; load \| 20 \| 1\.5ms \| 3ms \| 4\.25ms \| n\/a/);
  const html = renderHtml(run);
  assert.match(html, /<figure class="load"><svg/);
  assert.match(html, /<text x="0" y="\d+">p99<\/text><rect [^>]*width="0"/);
  assert.doesNotMatch(html, /add <under> load/, "names are escaped");
});

Deno.test("a record without load shows no load section", () => {
  const plain = { ...test(stats()), budgets: [] } as TestResult & { load?: LoadStats };
  delete plain.load;
  const run = record([{ ...plain, status: "pass" }]);
  assert.doesNotMatch(renderPretty(run, styler(false)), /load:/);
  assert.doesNotMatch(renderMarkdown(run), /Latency under load/);
  assert.doesNotMatch(renderHtml(run), /class="load"/);
});

Deno.test("a saved record with load budgets validates", () => {
  const text = JSON.stringify(record([test(stats())]));
  assert.equal(parseRunRecord(text, "r.json").tests[0]?.load?.samples, 20);
});
