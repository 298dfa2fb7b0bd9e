import assert from "node:assert/strict";
import fc from "fast-check";
import { resolveAny, resolvePlain } from "../../../src/0_base/yaml/yaml_schema.ts";

/** Both ways agree, -0 and NaN included. */
function same(text: string): void {
  assert.ok(Object.is(resolvePlain(text), resolveAny(text)), JSON.stringify(text));
}

Deno.test("resolvePlain() skips the types only for a first character none of them takes", () => {
  // Every UTF-16 code unit as the first character, alone and before what numbers, booleans and
  // null continue with.
  for (let c = 0; c <= 0xffff; c++) {
    const first = String.fromCharCode(c);
    for (const rest of ["", "1", "0", "ull", "rue", "alse", "inf", "nan", "<", "x", ".5", "_1"]) {
      same(first + rest);
    }
  }
  fc.assert(fc.property(fc.string({ unit: "binary", maxLength: 8 }), (text) => same(text)), {
    numRuns: 2000,
  });
  // The shortcut is taken: these resolve to numbers, booleans and null, not to text.
  assert.equal(resolvePlain("0x1F"), 31);
  assert.equal(resolvePlain("-.inf"), -Infinity);
  assert.equal(resolvePlain("True"), true);
  assert.equal(resolvePlain("~"), null);
  assert.equal(resolvePlain("hello 1"), "hello 1");
});
