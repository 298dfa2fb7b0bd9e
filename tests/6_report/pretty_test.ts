import assert from "node:assert/strict";
import { renderPretty } from "../../src/6_report/pretty.ts";
import { styler } from "../../src/0_base/util/ansi.ts";
import type { RunRecord, TestResult } from "../../src/4_record/run_record.ts";
import { summarize } from "../../src/4_record/summary.ts";

const base = {
  kind: "resource" as const,
  server: "s",
  file: "tests/migration.yml",
  col: 5,
  budgets: [],
};
const tests: TestResult[] = [
  {
    ...base,
    id: "1",
    name: "missing resource returns standard -32602 (legacy)",
    line: 10,
    status: "fail",
    durationMs: 188,
    assertions: [{
      target: "result.error.code",
      matcher: "exact",
      status: "fail",
      expected: "-32602",
      actual: "-32002",
      line: 14,
      col: 9,
    }],
  },
  {
    ...base,
    id: "2",
    name: "missing resource returns standard -32602 (conformant)",
    line: 18,
    status: "pass",
    durationMs: 172,
    assertions: [],
  },
];
const record = (list: TestResult[], durationMs = 400): RunRecord => ({
  version: 1,
  tool: { name: "mcptest", version: "0" },
  startedAt: "2026-01-01T00:00:00.000Z",
  durationMs,
  files: [],
  servers: [],
  tests: list,
  summary: summarize(list),
});

Deno.test("renderPretty() prints seed 001's expected output, the failure with its file:line:col", () => {
  const expected = [
    "  FAIL  missing resource returns standard -32602 (legacy)        (188ms)",
    "        at tests/migration.yml:14:9",
    "        result.error.code",
    "          expected (exact): -32602",
    "          actual:           -32002",
    "  PASS  missing resource returns standard -32602 (conformant)    (172ms)",
    "",
    "1 passed, 1 failed in 0.4s",
    "",
  ].join("\n");
  assert.equal(renderPretty(record(tests), styler(false)), expected);
});

Deno.test("renderPretty() names the failure layer and buckets budget failures", () => {
  const list: TestResult[] = [
    {
      ...tests[1]!,
      id: "3",
      name: "slow",
      status: "fail",
      budgets: [{
        budget: "max_duration_ms",
        status: "fail",
        limit: "250ms",
        actual: "400ms",
        line: 1,
        col: 1,
      }],
    },
    {
      ...tests[1]!,
      id: "4",
      name: "down",
      status: "error",
      durationMs: 0,
      failure: { layer: "tcp", message: "tcp connect failed: connection refused" },
    },
  ];
  const out = renderPretty(record(list, 1234), styler(false));
  assert.match(out, /error \[tcp\]: tcp connect failed: connection refused/);
  assert.match(out, /Over budget[^\n]*\n {2}slow: max_duration_ms: limit 250ms, actual 400ms/);
  assert.match(out, /\n0 passed, 2 failed in 1\.2s\n$/);
});

Deno.test("renderPretty() colours only when asked", () => {
  assert.ok(!renderPretty(record(tests), styler(false)).includes("\x1b["));
  assert.ok(renderPretty(record(tests), styler(true)).includes("\x1b[31mFAIL"));
});

Deno.test("renderPretty() shows a failed compliance rule's severity, revision and spec URL", async (t) => {
  const load = (name: string): RunRecord =>
    JSON.parse(
      Deno.readTextFileSync(new URL(`../fixtures/report/${name}.json`, import.meta.url)),
    );
  const withRules = load("compliance_rules");
  await t.step("a dim line under each FAIL, ERROR included", () => {
    const lines = renderPretty(withRules, styler(false)).split("\n");
    const under = (name: string) => lines[lines.findIndex((l) => l.includes(name)) + 1];
    assert.equal(
      under("SCHEMA-004"),
      "        MUST · v2025-11-25 · https://modelcontextprotocol.io/specification/2026-07-28/basic#responses",
    );
    assert.equal(
      under("PROTO-008"),
      "        SHOULD · v2025-11-25 · https://modelcontextprotocol.io/specification/2025-11-25/basic/transports#stdio",
    );
    assert.match(under("TRANSPORT-007")!, /^ {8}MAY · v2025-11-25 · https:\/\//);
    assert.match(under("PROTO-002")!, /^ {8}MUST · v2025-11-25 · https:\/\//); // fail, no assertion
    assert.match(under("TOOL-002")!, /^ {8}MUST · v2025-11-25 · https:\/\//); // error
    assert.equal(lines.filter((l) => l.includes(" · ")).length, 5, "not under PASS or SKIP");
  });
  await t.step("dimmed with colour, plain without", () => {
    const out = renderPretty(withRules, styler(true));
    assert.ok(
      out.includes(
        "\n        \x1b[2mMUST · v2025-11-25 · https://modelcontextprotocol.io/specification/2026-07-28/basic#responses\x1b[22m\n",
      ),
    );
    assert.ok(!renderPretty(withRules, styler(false)).includes("\x1b["));
  });
  await t.step("a record without rules prints no rule line", () => {
    const out = renderPretty(load("compliance"), styler(false));
    assert.ok(!out.includes(" · "));
    assert.ok(
      out.includes(
        "  FAIL  SCHEMA-004    (3ms)\n        at tests/compliance.yml:6:7\n        error.code\n",
      ),
    );
  });
});
