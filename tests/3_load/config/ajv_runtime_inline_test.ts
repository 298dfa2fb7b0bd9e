/** @module The helpers inlined into ajv's generated validators count and compare as ajv's own runtime does. */

import assert from "node:assert/strict";
import fc from "fast-check";
import ucs2lengthModule from "ajv/dist/runtime/ucs2length.js";
import equalModule from "ajv/dist/runtime/equal.js";
import { inlineRuntime, UCS2_LENGTH_SOURCE } from "../../../tools/ajv_runtime_inline.ts";

type Fn<A extends unknown[], R> = (...args: A) => R;
const unwrap = <T>(module: unknown): T => (module as { default?: T }).default ?? (module as T);
const ajvLength = unwrap<Fn<[string], number>>(ucs2lengthModule);
const ajvEqual = unwrap<Fn<[unknown, unknown], boolean>>(equalModule);

/** The function a generated validator holds in place of `require(<helper>)`. */
function inlined<T>(helper: string): T {
  return new Function(
    `return ${inlineRuntime(`require("ajv/dist/runtime/${helper}").default`)};`,
  )();
}

Deno.test("the inlined code-point count is ajv's ucs2length (property, lone surrogates included)", () => {
  const length = inlined<Fn<[string], number>>("ucs2length");
  assert.equal(inlineRuntime('require("ajv/dist/runtime/ucs2length").default'), UCS2_LENGTH_SOURCE);
  const text = fc.oneof(
    fc.string({ unit: "binary" }),
    fc.string({ unit: "grapheme" }),
    fc.array(fc.constantFrom("a", "\ud83d", "\ude00", "\ud83d\ude00", "é"), { maxLength: 12 })
      .map((parts) => parts.join("")),
  );
  fc.assert(fc.property(text, (s) => assert.equal(length(s), ajvLength(s), JSON.stringify(s))), {
    numRuns: 2000,
  });
  assert.deepEqual(["", "a", "\ud83d\ude00", "\ud83d", "a\ude00\ud83d"].map(length), [
    0,
    1,
    1,
    1,
    3,
  ]);
});

/**
 * ajv's `equal` (fast-deep-equal) calls an object's own `valueOf` or `toString` and compares
 * `constructor`s: on data holding those keys it is no plain deep equality (it throws on
 * `{valueOf: false}`). The values compared with it here hold none of them.
 */
const SPECIAL_KEY = /"(valueOf|toString|constructor)":/;
const plainJson = fc.jsonValue({ maxDepth: 3 }).filter((v) => !SPECIAL_KEY.test(JSON.stringify(v)));

Deno.test("the inlined deep equality is ajv's equal on JSON values (property)", () => {
  const equal = inlined<Fn<[unknown, unknown], boolean>>("equal");
  fc.assert(
    fc.property(plainJson, plainJson, (a, b) => {
      assert.equal(equal(a, b), ajvEqual(a, b));
      assert.equal(equal(a, structuredClone(a)), true);
    }),
    { numRuns: 1000 },
  );
});

Deno.test("the inlined deep equality compares data keys as data, where ajv's own throws", () => {
  const equal = inlined<Fn<[unknown, unknown], boolean>>("equal");
  assert.throws(() => ajvEqual({ valueOf: false }, {}), TypeError);
  assert.equal(equal({ valueOf: false }, {}), false);
  assert.equal(equal({ valueOf: false }, { valueOf: false }), true);
  assert.equal(equal({ toString: "a" }, { toString: "b" }), false);
  assert.equal(equal({ constructor: 1 }, { constructor: 1 }), true);
  // An object without a prototype is the same JSON value as `{}`; ajv's tells them apart.
  assert.equal(ajvEqual(Object.create(null), {}), false);
  assert.equal(equal(Object.create(null), {}), true);
  assert.equal(equal(Object.assign(Object.create(null), { a: [1] }), { a: [1] }), true);
  assert.equal(equal(Object.assign(Object.create(null), { a: [1] }), { a: [2] }), false);
});
