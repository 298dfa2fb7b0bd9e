import assert from "node:assert/strict";
import { evaluateBudgets } from "../../src/runner/budgets.ts";
import type { Budget } from "../../src/config/types.ts";
import type { Exchange } from "../../src/session/types.ts";

const pos = { file: "t.yml", line: 3, col: 7 };
const exchange = (over: Partial<Exchange> = {}): Exchange => ({
  request: { jsonrpc: "2.0", id: 1, method: "tools/call" },
  response: { jsonrpc: "2.0", id: 1, result: {} },
  durationMs: 120,
  raw: "x".repeat(400),
  notifications: [],
  ...over,
});
const http = { status: 200, headers: { "x-served-by": "mcp-edge", "server": "nginx" } };

Deno.test("evaluateBudgets() grades each budget", async (t) => {
  const cases: Array<[string, Budget, Partial<Exchange>, string]> = [
    ["duration within", { kind: "max_duration_ms", value: 250, pos }, {}, "pass"],
    ["duration over", { kind: "max_duration_ms", value: 100, pos }, {}, "fail"],
    [
      "tokens within (400 bytes = 100 tokens)",
      { kind: "max_response_tokens", value: 100, pos },
      {},
      "pass",
    ],
    ["tokens over", { kind: "max_response_tokens", value: 99, pos }, {}, "fail"],
    ["header present", { kind: "response_headers", headers: { "X-Served-By": "mcp-edge" }, pos }, {
      http,
    }, "pass"],
    ["header wrong value", { kind: "response_headers", headers: { "x-served-by": "other" }, pos }, {
      http,
    }, "fail"],
    [
      "header missing",
      { kind: "response_headers", headers: { "x-missing": "1" }, pos },
      { http },
      "fail",
    ],
    ["header absent ok", { kind: "response_headers_absent", headers: ["x-powered-by"], pos }, {
      http,
    }, "pass"],
    ["header absent violated", { kind: "response_headers_absent", headers: ["Server"], pos }, {
      http,
    }, "fail"],
    [
      "headers on stdio are skipped",
      { kind: "response_headers", headers: { a: "b" }, pos },
      {},
      "skip",
    ],
  ];
  for (const [name, budget, over, status] of cases) {
    await t.step(name, () => {
      const [result] = evaluateBudgets([budget], exchange(over));
      assert.equal(result?.status, status);
      assert.equal(result?.line, 3);
    });
  }
});
