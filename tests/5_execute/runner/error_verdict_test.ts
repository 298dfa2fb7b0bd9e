/** @module errorVerdict(): a call that ends in an error fails unless the test expects one or asserts on the error. */

import assert from "node:assert/strict";
import type { Assertion, ExpectError, TestCase } from "../../../src/3_load/config/types.ts";
import { compileMatcher } from "../../../src/1_matchers/registry.ts";
import { parseTarget } from "../../../src/1_matchers/target_path.ts";
import type { JsonRpcResponse } from "../../../src/0_base/protocol/jsonrpc.ts";
import { callError, errorVerdict } from "../../../src/5_execute/runner/error_verdict.ts";
import type { PreparedTest } from "../../../src/5_execute/runner/prepare.ts";
import { loadSchemaEngine } from "../../../src/1_matchers/schema.ts";

// Matchers are compiled here directly, not behind a run or a load that loads the engine.
await loadSchemaEngine();

const pos = { file: "suite.yml", line: 4, col: 5 };

function prepared(
  assertions: Array<[target: string, matcher: Record<string, unknown>]> = [],
  expectError?: ExpectError["kind"],
): PreparedTest {
  const list: Assertion[] = assertions.map(([target, matcher]) => {
    const [name, arg] = Object.entries(matcher)[0]!;
    return { kind: "assertion", target, matcher: { name, arg, pos }, pos };
  });
  const test: TestCase = {
    id: "suite.yml::tool::t",
    name: "t",
    kind: "tool",
    serverKey: "items",
    call: { kind: "tool", tool: "x", args: {} },
    assertions: list,
    budgets: [],
    ...(expectError ? { expectError: { kind: expectError, pos: { ...pos, line: 9 } } } : {}),
    file: "suite.yml",
    pos,
    order: 0,
  };
  return {
    test,
    assertions: list.map((assertion) => ({
      assertion,
      target: parseTarget(assertion.target),
      matcher: compileMatcher(assertion.matcher),
    })),
  };
}

const ok: JsonRpcResponse = { jsonrpc: "2.0", id: 1, result: { content: [] } };
const toolError: JsonRpcResponse = {
  jsonrpc: "2.0",
  id: 1,
  result: { content: [{ type: "text", text: "item 9 not found" }], isError: true },
};
const rpcError: JsonRpcResponse = {
  jsonrpc: "2.0",
  id: 1,
  error: { code: -32602, message: "invalid params: unknown tool x" },
};

Deno.test("callError() describes a JSON-RPC error and a tool error result", () => {
  assert.equal(callError(ok), undefined);
  assert.equal(
    callError({ jsonrpc: "2.0", id: 1, result: { content: [], isError: false } }),
    undefined,
  );
  assert.deepEqual(callError(rpcError), {
    kind: "protocol",
    text: "JSON-RPC error -32602: invalid params: unknown tool x",
  });
  assert.deepEqual(callError(toolError), {
    kind: "tool",
    text: 'a tool error result (isError: true): "item 9 not found"',
  });
});

Deno.test("errorVerdict() without expect_error fails an error unless an assertion looks at it", async (t) => {
  await t.step("no assertions, success: nothing to report", () => {
    assert.equal(errorVerdict(prepared(), ok), undefined);
  });
  for (
    const [name, response] of [["tool error", toolError], ["JSON-RPC error", rpcError]] as const
  ) {
    await t.step(`no assertions, ${name}: fails at the test's position`, () => {
      const verdict = errorVerdict(prepared(), response);
      assert.equal(verdict?.status, "fail");
      assert.equal(verdict?.matcher, "no error");
      assert.equal(verdict?.expected, "a successful result");
      assert.equal(verdict?.actual, callError(response)?.text);
      assert.match(verdict?.message ?? "", /add expect_error:/);
      assert.deepEqual([verdict?.line, verdict?.col], [4, 5]);
    });
  }
  await t.step("assertions elsewhere do not turn it off", () => {
    const test = prepared([["result.content[0].text", { icontains: "not found" }], [
      "result",
      { schema: { type: "object" } },
    ]]);
    assert.equal(errorVerdict(test, toolError)?.status, "fail");
  });
  const offs: Array<[string, Record<string, unknown>]> = [
    ["result.isError", { exact: true }],
    ["result.isError", { not: { exact: true } }],
    ["result.error.code", { exact: -32602 }],
    ["result.error", { exists: true }],
    ['result["isError"]', { exact: true }],
    ["result", { "is-valid-tools-call": { allow_error: true } }],
    ["result", { contains: { isError: true } }],
    ["result", { exact: { error: { code: 1 } } }],
  ];
  for (const [target, matcher] of offs) {
    await t.step(`${target} ${JSON.stringify(matcher)} turns it off`, () => {
      assert.equal(errorVerdict(prepared([[target, matcher]]), toolError), undefined);
      assert.equal(errorVerdict(prepared([[target, matcher]]), rpcError), undefined);
    });
  }
  await t.step("is-valid-tools-call: true on result does not turn it off", () => {
    const test = prepared([["result", { "is-valid-tools-call": true }]]);
    assert.equal(errorVerdict(test, toolError)?.status, "fail");
  });
});

Deno.test("errorVerdict() with expect_error checks the kind and always reports", async (t) => {
  const cases: Array<[ExpectError["kind"], JsonRpcResponse, "pass" | "fail", string]> = [
    ["any", toolError, "pass", "an error (a JSON-RPC error or a tool result with isError: true)"],
    ["any", rpcError, "pass", "an error (a JSON-RPC error or a tool result with isError: true)"],
    ["any", ok, "fail", "an error (a JSON-RPC error or a tool result with isError: true)"],
    ["protocol", rpcError, "pass", "a JSON-RPC error"],
    ["protocol", toolError, "fail", "a JSON-RPC error"],
    ["tool", toolError, "pass", "a tool error result (isError: true)"],
    ["tool", rpcError, "fail", "a tool error result (isError: true)"],
    ["tool", ok, "fail", "a tool error result (isError: true)"],
    ["none", ok, "pass", "a successful result"],
    ["none", toolError, "fail", "a successful result"],
  ];
  for (const [kind, response, status, expected] of cases) {
    await t.step(`${kind} on ${callError(response)?.kind ?? "success"} -> ${status}`, () => {
      const verdict = errorVerdict(prepared([], kind), response);
      assert.equal(verdict?.status, status);
      assert.equal(verdict?.matcher, "expect_error");
      assert.equal(verdict?.expected, expected);
      assert.equal(verdict?.actual, callError(response)?.text ?? "a successful result");
      assert.equal(verdict?.line, 9);
    });
  }
  await t.step("expect_error: false fails an error even when an assertion looks at it", () => {
    const test = prepared([["result.isError", { not: { exact: true } }]], "none");
    assert.equal(errorVerdict(test, toolError)?.status, "fail");
  });
});
