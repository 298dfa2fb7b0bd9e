/** @module compareSchemas(): every narrowing/widening rule, as input and as output, failing and passing. */

import assert from "node:assert/strict";
import {
  compareSchemas,
  type Direction,
} from "../../../src/7_features/surface_diff/schema_compare.ts";

const obj = (properties: Record<string, unknown>, required: string[] = []) => ({
  type: "object",
  properties,
  required,
});

/** The rules found, each as `rule:breaking`. */
function rules(before: unknown, after: unknown, direction: Direction = "input"): string[] {
  return compareSchemas(before, after, "s", direction).map((f) => `${f.rule}:${f.breaking}`);
}

Deno.test("compareSchemas() judges input narrowing breaking and widening safe", async (t) => {
  await t.step("identical schemas: nothing", () => {
    assert.deepEqual(
      rules(obj({ a: { type: "string" } }, ["a"]), obj({ a: { type: "string" } }, ["a"])),
      [],
    );
  });
  await t.step("new required property: breaking; new optional one: not", () => {
    assert.deepEqual(rules(obj({}), obj({ a: { type: "string" } }, ["a"])), [
      "required_added:true",
    ]);
    assert.deepEqual(rules(obj({}), obj({ a: { type: "string" } })), ["property_added:false"]);
  });
  await t.step("existing property becomes required: breaking; stops being required: not", () => {
    assert.deepEqual(rules(obj({ a: {} }), obj({ a: {} }, ["a"])), ["required_added:true"]);
    assert.deepEqual(rules(obj({ a: {} }, ["a"]), obj({ a: {} })), ["required_removed:false"]);
  });
  await t.step("type set shrinks: breaking; grows: not", () => {
    assert.deepEqual(rules({ type: ["string", "null"] }, { type: "string" }), [
      "type_narrowed:true",
    ]);
    assert.deepEqual(rules({ type: "string" }, { type: ["string", "null"] }), [
      "type_widened:false",
    ]);
    assert.deepEqual(rules({}, { type: "string" }), ["type_narrowed:true"]);
    assert.deepEqual(rules({ type: "string" }, {}), ["type_widened:false"]);
  });
  await t.step("number -> integer: breaking; integer -> number: not", () => {
    assert.deepEqual(rules({ type: "number" }, { type: "integer" }), ["type_narrowed:true"]);
    assert.deepEqual(rules({ type: "integer" }, { type: "number" }), ["type_widened:false"]);
  });
  await t.step("a type swap narrows and widens: breaking", () => {
    assert.deepEqual(rules({ type: "string" }, { type: "number" }), [
      "type_narrowed:true",
      "type_widened:false",
    ]);
  });
  await t.step("enum loses values: breaking; gains values: not", () => {
    assert.deepEqual(rules({ enum: ["a", "b"] }, { enum: ["a"] }), ["enum_values_removed:true"]);
    assert.deepEqual(rules({ enum: ["a"] }, { enum: ["a", "b"] }), ["enum_values_added:false"]);
    assert.deepEqual(rules({ type: "string" }, { type: "string", enum: ["a"] }), [
      "enum_added:true",
    ]);
    assert.deepEqual(rules({ type: "string", enum: ["a"] }, { type: "string" }), [
      "enum_removed:false",
    ]);
    assert.deepEqual(rules({ const: "a" }, { enum: ["a", "b"] }), ["enum_values_added:false"]);
  });
  await t.step("nested: property types, array items, additionalProperties", () => {
    const deep = (t: string) => obj({ tags: { type: "array", items: { type: t } } });
    const found = compareSchemas(deep("number"), deep("integer"), "inputSchema", "input");
    assert.equal(found.length, 1);
    assert.equal(found[0]!.path, "inputSchema.properties.tags.items.type");
    assert.equal(found[0]!.breaking, true);
    assert.deepEqual(rules({ type: "object" }, { type: "object", additionalProperties: false }), [
      "additional_properties_refused:true",
    ]);
    assert.deepEqual(rules({ type: "object", additionalProperties: false }, { type: "object" }), [
      "additional_properties_allowed:false",
    ]);
  });
  await t.step("bounds: tightened breaking, loosened not", () => {
    assert.deepEqual(rules({ maximum: 10 }, { maximum: 5 }), ["bound_tightened:true"]);
    assert.deepEqual(rules({ maximum: 5 }, { maximum: 10 }), ["bound_loosened:false"]);
    assert.deepEqual(rules({ minLength: 1 }, { minLength: 3 }), ["bound_tightened:true"]);
    assert.deepEqual(rules({}, { minLength: 3 }), ["bound_tightened:true"]);
    assert.deepEqual(rules({ minLength: 3 }, {}), ["bound_loosened:false"]);
  });
  await t.step("a removed input property is breaking", () => {
    assert.deepEqual(rules(obj({ a: {}, b: {} }), obj({ a: {} })), ["property_removed:true"]);
  });
  await t.step("descriptions never break", () => {
    assert.deepEqual(
      rules({ type: "string", description: "x" }, { type: "string", description: "y" }),
      [
        "description_changed:false",
      ],
    );
  });
  await t.step("an unmodelled keyword change is breaking (not judged)", () => {
    assert.deepEqual(rules({ type: "string", pattern: "^a" }, { type: "string", pattern: "^b" }), [
      "schema_changed:true",
    ]);
  });
});

Deno.test("compareSchemas() judges output widening breaking and narrowing safe", async (t) => {
  await t.step("integer -> number: breaking; number -> integer: not", () => {
    assert.deepEqual(rules({ type: "integer" }, { type: "number" }, "output"), [
      "type_widened:true",
    ]);
    assert.deepEqual(rules({ type: "number" }, { type: "integer" }, "output"), [
      "type_narrowed:false",
    ]);
  });
  await t.step("enum gains values: breaking; loses values: not", () => {
    assert.deepEqual(rules({ enum: ["a"] }, { enum: ["a", "b"] }, "output"), [
      "enum_values_added:true",
    ]);
    assert.deepEqual(rules({ enum: ["a", "b"] }, { enum: ["a"] }, "output"), [
      "enum_values_removed:false",
    ]);
  });
  await t.step("a property no longer required or removed: breaking; a new one: not", () => {
    assert.deepEqual(rules(obj({ a: {} }, ["a"]), obj({ a: {} }), "output"), [
      "required_removed:true",
    ]);
    assert.deepEqual(rules(obj({ a: {}, b: {} }), obj({ a: {} }), "output"), [
      "property_removed:true",
    ]);
    assert.deepEqual(rules(obj({}), obj({ a: {} }, ["a"]), "output"), ["required_added:false"]);
    assert.deepEqual(rules(obj({}), obj({ a: {} }), "output"), ["property_added:false"]);
  });
});
