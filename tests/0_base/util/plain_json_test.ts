/** @module isPlainJsonData (src/0_base/util/plain_json.ts): true only for values a JSON round trip gives back equal. */

import assert from "node:assert/strict";
import fc from "fast-check";
import { isPlainJsonData } from "../../../src/0_base/util/plain_json.ts";

Deno.test("a value it accepts comes back from a JSON round trip deep-equal (property)", () => {
  fc.assert(
    fc.property(fc.jsonValue(), (value) => {
      if (isPlainJsonData(value)) assert.deepEqual(JSON.parse(JSON.stringify(value)), value);
      else assert.ok(JSON.stringify(value).includes("0"), "only -0 is refused in JSON data");
    }),
  );
});

Deno.test("it refuses what a round trip would change", () => {
  const shared = { a: 1 };
  const sparse = [1, , 3];
  const named = Object.assign([1], { extra: 2 });
  for (
    const [what, value] of [
      ["a Map", { m: new Map() }],
      ["an undefined member", { a: undefined }],
      [
        "a cycle",
        (() => {
          const loop: unknown[] = [];
          loop.push(loop);
          return loop;
        })(),
      ],
      ["-0", [-0]],
      ["NaN", { n: NaN }],
      ["Infinity", [Infinity]],
      ["a class instance", { d: new Date(0) }],
      ["a null-prototype object", { o: Object.create(null) }],
      ["a hole", sparse],
      ["a named array member", named],
      ["a symbol key", { [Symbol("s")]: 1 }],
      ["a __proto__ key", JSON.parse('{"__proto__": 1}')],
      ["a function", { f: () => 1 }],
      ["a bigint", { b: 1n }],
    ] as const
  ) assert.equal(isPlainJsonData(value), false, what);
  assert.equal(isPlainJsonData([shared, shared]), true, "a part reached twice: equal copies");
  assert.equal(isPlainJsonData({ a: [], b: [] }), true);
  assert.equal(isPlainJsonData([{ a: 1 }, { a: 1 }]), true);
  assert.equal(isPlainJsonData(Array.from({ length: 10 }, () => ({})), 5), false, "past maxNodes");
  assert.equal(isPlainJsonData([[[[1]]]], 100, 3), false, "past maxDepth");
  assert.equal(isPlainJsonData([[[[1]]]], 100, 5), true);
});
