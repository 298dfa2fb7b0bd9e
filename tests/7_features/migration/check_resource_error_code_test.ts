/** @module checkResourceErrorCode (seed 000): fail on -32002 naming -32602, pass on -32602, skip otherwise. */

import assert from "node:assert/strict";
import { checkResourceErrorCode } from "../../../src/7_features/migration/check_resource_error_code.ts";

Deno.test("checkResourceErrorCode fails on the legacy -32002 and names -32602", () => {
  const check = checkResourceErrorCode(-32002);
  assert.equal(check.status, "fail");
  assert.match(check.message, /-32002/);
  assert.match(check.message, /requires -32602/);
});

Deno.test("checkResourceErrorCode passes on -32602", () => {
  const check = checkResourceErrorCode(-32602);
  assert.equal(check.status, "pass");
  assert.match(check.message, /-32602/);
});

Deno.test("checkResourceErrorCode skips any unrelated code", () => {
  for (const code of [-32601, -32603, -32001, 0, 404]) {
    const check = checkResourceErrorCode(code);
    assert.equal(check.status, "skip", String(code));
    assert.match(check.message, new RegExp(String(code)));
  }
});
