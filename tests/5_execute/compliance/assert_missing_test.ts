/** @module A missing target in rule and gate expectations is judged by the matcher: `absent` passes, `not` inverts, the others fail naming where the path stopped. */

import assert from "node:assert/strict";
import { assertAll } from "../../../src/5_execute/compliance/engine/assert.ts";
import { assertGateExpectation } from "../../../src/5_execute/compliance/gates/gate_assert.ts";

const pos = { file: "compliance", line: 3, col: 5 };
const root = { result: { error: { code: -32602 } } };

Deno.test("assertAll() judges a missing target through the matcher", async (t) => {
  await t.step("absent: passes on a missing key, fails on a present one", async () => {
    const [missing, present] = await assertAll(
      root,
      [
        { target: "result.error.data", matcher: { absent: true } },
        { target: "result.error.code", matcher: { absent: true } },
      ],
      pos,
      ".",
    );
    assert.equal(missing?.status, "pass");
    assert.equal(present?.status, "fail");
  });
  await t.step("not: passes on a missing key", async () => {
    const [result] = await assertAll(
      root,
      [
        { target: "result.error.data.uri", matcher: { not: { exact: "x" } } },
      ],
      pos,
      ".",
    );
    assert.equal(result?.status, "pass");
  });
  await t.step("exact: a missing key fails and says where the path stopped", async () => {
    const [result] = await assertAll(
      root,
      [
        { target: "result.content", matcher: { exact: [] } },
      ],
      pos,
      ".",
    );
    assert.equal(result?.status, "fail");
    // What the server sent where the path stopped, not only "(missing)" (TOOL-003's case).
    assert.equal(
      result?.actual,
      '(missing); result.content is absent; result is {"error":{"code":-32602}}',
    );
    assert.match(
      result?.message ?? "",
      /^target result\.content not found at result\.content: no such key$/,
    );
  });
  await t.step("a present value is matched as before", async () => {
    const [pass, fail] = await assertAll(
      root,
      [
        { target: "result.error.code", matcher: { exact: -32602 } },
        { target: "result.error.code", matcher: { exact: -32002 } },
      ],
      pos,
      ".",
    );
    assert.equal(pass?.status, "pass");
    assert.equal(fail?.status, "fail");
    assert.equal(fail?.actual, "-32602");
  });
});

Deno.test("assertGateExpectation() judges a missing target through the matcher", async (t) => {
  const gateRoot = { spec_removed_rules: ["SEQ-003"] };
  await t.step("absent: passes on a missing index", async () => {
    const result = await assertGateExpectation(
      { target: "spec_removed_rules[4]", matcher: { absent: true } },
      gateRoot,
      pos,
    );
    assert.equal(result.status, "pass");
  });
  await t.step("not: passes on a missing key", async () => {
    const result = await assertGateExpectation(
      { target: "spec_added_rules", matcher: { not: { contains: ["ROOTS-001"] } } },
      gateRoot,
      pos,
    );
    assert.equal(result.status, "pass");
  });
  await t.step("exact: a missing key fails with the reason and the context", async () => {
    const result = await assertGateExpectation(
      { target: "spec_added_rules", matcher: { exact: [] } },
      gateRoot,
      pos,
      "grade 91.0",
    );
    assert.equal(result.status, "fail");
    assert.equal(result.actual, "(missing)");
    assert.match(result.message ?? "", /spec_added_rules.*; grade 91\.0$/);
  });
});

Deno.test("assertAll() quotes a tool error result where a JSON-RPC error was expected", async () => {
  const sent = { result: { content: [{ type: "text", text: "unknown tool" }], isError: true } };
  const [result] = await assertAll(
    sent,
    [{ target: "result.error.code", matcher: { exact: -32602 } }],
    pos,
    ".",
  );
  assert.equal(result?.status, "fail");
  assert.equal(
    result?.actual,
    '(missing); result.error is absent; result is {"content":[{"type":"text","text":"unknown tool"}],"isError":true}',
  );
  const [top] = await assertAll({}, [{ target: "result", matcher: { exact: 1 } }], pos, ".");
  assert.equal(top?.actual, "(missing); the server sent {}");
});
