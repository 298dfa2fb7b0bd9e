/** @module Tests of setOwn(): the same own data property as Object.defineProperty, `__proto__` included. */

import assert from "node:assert/strict";
import fc from "fast-check";
import { setOwn } from "../../../src/0_base/util/set_own.ts";

/** Keys an untrusted document may hold: the prototype's own names among them. */
const KEY = fc.oneof(
  fc.constantFrom("__proto__", "constructor", "toString", "hasOwnProperty", "valueOf", "0", ""),
  fc.string(),
);

/** What Object.defineProperty makes of the same entries. */
function defined(entries: readonly [string, unknown][]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of entries) {
    Object.defineProperty(out, key, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}

Deno.test("setOwn() makes the own properties Object.defineProperty makes", () => {
  fc.assert(
    fc.property(fc.array(fc.tuple(KEY, fc.jsonValue())), (entries) => {
      const out: Record<string, unknown> = {};
      for (const [key, value] of entries) setOwn(out, key, value);
      const expected = defined(entries);
      assert.deepEqual(Reflect.ownKeys(out), Reflect.ownKeys(expected));
      for (const key of Reflect.ownKeys(expected)) {
        assert.deepEqual(
          Object.getOwnPropertyDescriptor(out, key),
          Object.getOwnPropertyDescriptor(expected, key),
        );
      }
      assert.equal(Object.getPrototypeOf(out), Object.prototype);
    }),
  );
});

/**
 * Run `body` with the `Object.prototype.__proto__` accessor that Node and browsers have (Deno
 * removes it, so there an assignment to `__proto__` could not set a prototype anyway).
 */
function withProtoAccessor(body: () => void): void {
  const had = Object.getOwnPropertyDescriptor(Object.prototype, "__proto__");
  Object.defineProperty(Object.prototype, "__proto__", {
    get(this: object) {
      return Object.getPrototypeOf(this);
    },
    set(this: object, proto: unknown) {
      if (typeof proto === "object" || typeof proto === "function") {
        Object.setPrototypeOf(this, proto);
      }
    },
    configurable: true,
  });
  try {
    body();
  } finally {
    if (had) Object.defineProperty(Object.prototype, "__proto__", had);
    else delete (Object.prototype as { __proto__?: unknown }).__proto__;
  }
}

Deno.test("setOwn() keeps __proto__ a key where the runtime has the accessor", () => {
  withProtoAccessor(() => {
    const out: Record<string, unknown> = {};
    setOwn(out, "__proto__", { polluted: true });
    assert.deepEqual(Object.keys(out), ["__proto__"]);
    assert.equal(Object.getPrototypeOf(out), Object.prototype);
    assert.equal((out as { polluted?: unknown }).polluted, undefined);
    assert.equal(JSON.stringify(out), '{"__proto__":{"polluted":true}}');
  });
});
