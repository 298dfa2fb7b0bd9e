/** @module exampleFor() / objectExample(): the smallest value a JSON Schema accepts; with withDefaults, an elicitation form's pre-filled content. */

import assert from "node:assert/strict";
import { exampleFor, objectExample } from "../../../src/0_base/util/schema_example.ts";

Deno.test("exampleFor() keeps a string within minLength and maxLength", () => {
  assert.equal(exampleFor({ type: "string", maxLength: 3 }), "exa");
  assert.equal(exampleFor({ type: "string", minLength: 9 }), "examplexx");
  assert.equal(exampleFor({ type: "string", format: "email" }), "user@example.com");
  assert.equal(exampleFor({ type: "string", format: "date" }), "2025-01-01");
});

Deno.test("exampleFor() picks a titled option's const (oneOf) and a multi-select's first item", () => {
  assert.equal(exampleFor({ type: "string", oneOf: [{ const: "a", title: "A" }] }), "a");
  assert.deepEqual(
    exampleFor({ type: "array", minItems: 1, items: { anyOf: [{ const: "x", title: "X" }] } }),
    ["x"],
  );
  assert.deepEqual(
    exampleFor({ type: "array", minItems: 1, items: { type: "string", enum: ["g", "p"] } }),
    ["g"],
  );
});

Deno.test("objectExample() fills the required properties; withDefaults adds the defaulted ones", () => {
  const schema = {
    type: "object",
    properties: {
      name: { type: "string" },
      check: { type: "boolean" },
      integer: { type: "integer", minimum: 1, maximum: 100, default: 42 },
      pet: { type: "string", enum: ["cat", "dog"] },
    },
    required: ["name", "pet"],
  };
  assert.deepEqual(objectExample(schema), { name: "example", pet: "cat" });
  const filled = objectExample(schema, { withDefaults: true });
  assert.deepEqual(filled, { name: "example", integer: 42, pet: "cat" });
  // In the schema's order, as a form lays them out.
  assert.deepEqual(Object.keys(filled), ["name", "integer", "pet"]);
  assert.deepEqual(objectExample(undefined, { withDefaults: true }), {});
});

Deno.test("objectExample() keeps a hostile property name as data (no prototype change)", () => {
  const schema = JSON.parse(
    '{"properties":{"__proto__":{"type":"string"}},"required":["__proto__"]}',
  );
  const out = objectExample(schema);
  assert.equal(Object.getPrototypeOf(out), Object.prototype);
  assert.deepEqual(Object.keys(out), ["__proto__"]);
});
