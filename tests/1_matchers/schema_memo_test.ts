/** @module compileSchema() compiles each schema text once, per dialect, however many objects hold it. */

import assert from "node:assert/strict";
import { compileSchema, loadSchemaEngine } from "../../src/1_matchers/schema.ts";

await loadSchemaEngine();

Deno.test("compileSchema() gives one validator for equal schemas in different objects", () => {
  const a = compileSchema({ type: "string", minLength: 2 });
  assert.equal(compileSchema({ type: "string", minLength: 2 }), a);
  assert.equal(compileSchema({ $id: "urn:x", type: "string", minLength: 2 }), a, "$id dropped");
  assert.equal(a("ab"), true);
  assert.equal(a("a"), false);
});

Deno.test("compileSchema() keeps schemas that differ apart, in text or in dialect", () => {
  const two = compileSchema({ type: "string", minLength: 2 });
  const three = compileSchema({ type: "string", minLength: 3 });
  assert.notEqual(two, three);
  assert.equal(two("ab"), true);
  assert.equal(three("ab"), false);
  // draft-07 reads `items: [...]` as a tuple; 2020-12 refuses that form or reads prefixItems.
  const tuple = { items: [{ type: "string" }], additionalItems: false };
  const draft07 = compileSchema({ $schema: "http://json-schema.org/draft-07/schema#", ...tuple });
  assert.equal(draft07(["a"]), true);
  assert.equal(draft07(["a", "b"]), false);
  assert.equal(compileSchema(true)(42), true);
  assert.equal(compileSchema(false)(42), false);
});

Deno.test("a shared validator reports each call's own errors", () => {
  const validate = compileSchema({ type: "object", required: ["a"] });
  assert.equal(validate({}), false);
  assert.match(JSON.stringify(validate.errors), /required/);
  assert.equal(compileSchema({ type: "object", required: ["a"] })({ a: 1 }), true);
  assert.equal(validate.errors, null);
});
