import assert from "node:assert/strict";
import { renderPretty } from "../../src/report/pretty.ts";
import { styler } from "../../src/report/ansi.ts";
import type { RunRecord, TestResult } from "../../src/report/run_record.ts";
import { summarize } from "../../src/report/summary.ts";

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

Deno.test("renderPretty() prints seed 001's expected output", () => {
  const expected = [
    "  FAIL  missing resource returns standard -32602 (legacy)        (188ms)",
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
