/** @module Tests of canonicalJson(): sorted keys at every level, array order kept. */

import assert from "node:assert/strict";
import fc from "fast-check";
import { canonicalJson } from "../../../src/0_base/util/canonical_json.ts";

Deno.test("canonicalJson() sorts keys at every level and keeps array order", async (t) => {
  await t.step("nested objects and arrays", () => {
    assert.equal(canonicalJson({ b: 1, a: [{ d: 2, c: 3 }] }), '{"a":[{"c":3,"d":2}],"b":1}');
  });
  await t.step("array order counts", () => {
    assert.notEqual(canonicalJson([1, 2]), canonicalJson([2, 1]));
  });
  await t.step("undefined members are dropped; undefined alone is null", () => {
    assert.equal(canonicalJson({ a: undefined, b: null }), '{"b":null}');
    assert.equal(canonicalJson(undefined), "null");
  });
  await t.step("keys are escaped like JSON.stringify", () => {
    assert.equal(canonicalJson({ 'a"b': "\n" }), '{"a\\"b":"\\n"}');
  });
  await t.step("different values give different text", () => {
    assert.notEqual(canonicalJson({ a: 1 }), canonicalJson({ a: "1" }));
  });
});

Deno.test("canonicalJson() ignores key order and parses back to an equal value", () => {
  fc.assert(
    fc.property(fc.jsonValue(), (value) => {
      const shuffled = JSON.parse(JSON.stringify(value, reverseKeys));
      assert.equal(canonicalJson(shuffled), canonicalJson(value));
      assert.deepEqual(JSON.parse(canonicalJson(value)), JSON.parse(JSON.stringify(value)));
    }),
  );
});

/** A JSON.stringify replacer that rebuilds every object with its keys in reverse order. */
function reverseKeys(_key: string, value: unknown): unknown {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return value;
  return Object.fromEntries(Object.entries(value).reverse());
}
