import assert from "node:assert/strict";
import { evaluateBudgets } from "../../../src/5_execute/runner/budgets.ts";
import type { Budget } from "../../../src/3_load/config/types.ts";
import type { Exchange } from "../../../src/2_connect/session/types.ts";

const pos = { file: "t.yml", line: 3, col: 7 };
const exchange = (over: Partial<Exchange> = {}): Exchange => ({
  request: { jsonrpc: "2.0", id: 1, method: "tools/call" },
  // The result serialises to 400 bytes: {"t":"x...x"} is 8 bytes of envelope + 392 x.
  response: { jsonrpc: "2.0", id: 1, result: { t: "x".repeat(392) } },
  durationMs: 120,
  raw: "ignored: the estimate reads the result, not the raw frame",
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

Deno.test("evaluateBudgets() skips header budgets that cannot apply, with the reason", async (t) => {
  const header: Budget = { kind: "response_headers", headers: { "x-a": "b" }, pos };
  const absent: Budget = { kind: "response_headers_absent", headers: ["server"], pos };
  await t.step("a stdio server: skip, never pass, for both header budgets", () => {
    for (const budget of [header, absent]) {
      const [result] = evaluateBudgets([budget], exchange(), "stdio");
      assert.equal(result?.status, "skip");
      assert.equal(result?.message, "response headers are not available over stdio");
      assert.equal(result?.actual, "stdio server");
    }
  });
  await t.step("no transport given and no HTTP facts: taken as stdio", () => {
    const [result] = evaluateBudgets([absent], exchange());
    assert.equal(result?.status, "skip");
    assert.equal(result?.message, "response headers are not available over stdio");
  });
  await t.step("an HTTP exchange without headers (a replay): skip with its own reason", () => {
    const [result] = evaluateBudgets([header], exchange(), "http");
    assert.equal(result?.status, "skip");
    assert.equal(result?.message, "the response carried no HTTP headers to check");
  });
  await t.step("HTTP with headers: graded, not skipped", () => {
    const [result] = evaluateBudgets([absent], exchange({ http }), "http");
    assert.equal(result?.status, "fail");
    assert.equal(result?.message, undefined);
  });
  await t.step("duration and token budgets still apply over stdio", () => {
    const results = evaluateBudgets(
      [{ kind: "max_duration_ms", value: 1, pos }, header],
      exchange(),
      "stdio",
    );
    assert.deepEqual(results.map((r) => r.status), ["fail", "skip"]);
  });
});

Deno.test("max_response_tokens does not depend on the JSON-RPC id or envelope", () => {
  const budget: Budget = { kind: "max_response_tokens", value: 100, pos };
  const small = exchange();
  const bigId = exchange({
    response: { jsonrpc: "2.0", id: 123456789, result: { t: "x".repeat(392) } },
    raw: "y".repeat(5000),
  });
  assert.deepEqual(evaluateBudgets([budget], bigId), evaluateBudgets([budget], small));
  const over = exchange({ response: { jsonrpc: "2.0", id: 1, result: { t: "x".repeat(393) } } });
  assert.equal(evaluateBudgets([budget], over)[0]?.status, "fail");
  const error = exchange({
    response: { jsonrpc: "2.0", id: 1, error: { code: -1, message: "x".repeat(500) } },
  });
  assert.equal(evaluateBudgets([budget], error)[0]?.status, "fail");
});
