import assert from "node:assert/strict";
import fc from "fast-check";
import { quickAccepts, surelyCompiles } from "../../src/1_matchers/quick_schema.ts";
import { compileSchema, loadSchemaEngine } from "../../src/1_matchers/schema.ts";

await loadSchemaEngine();

/** What the engine says (a schema it cannot compile accepts nothing: the caller then checks nothing). */
function engineAccepts(schema: Record<string, unknown> | boolean, value: unknown): boolean {
  let validate;
  try {
    validate = compileSchema(schema);
  } catch {
    return false;
  }
  return validate(value) === true;
}

const DIALECTS = [
  undefined,
  "https://json-schema.org/draft/2020-12/schema",
  "http://json-schema.org/draft-07/schema#",
  "http://json-schema.org/draft-04/schema#",
];

const KEY_NAMES = ["a", "b", "name", "text", "x y", "constructor", "toString", "__proto__", "é"];
const key = fc.constantFrom(...KEY_NAMES);

/** A plain object (own keys only, `__proto__` one of them when drawn) with values from `of`. */
function entries<T>(of: fc.Arbitrary<T>): fc.Arbitrary<Record<string, T>> {
  return fc.array(fc.tuple(key, of), { maxLength: 3 }).map((pairs) => Object.fromEntries(pairs));
}

/** A value in a failure message (NaN, infinities and -0 shown as such). */
const show = (v: unknown) =>
  JSON.stringify(v, (_k, x) => typeof x === "number" && !Number.isFinite(x) ? String(x) : x);

/** Values as YAML args hold them: strings (surrogates and all), numbers at their edges, nesting. */
const value: fc.Arbitrary<unknown> = fc.letrec<{ v: unknown }>((tie) => ({
  v: fc.oneof(
    { depthSize: "small" },
    fc.string({ unit: "grapheme", maxLength: 6 }),
    fc.string({ unit: "binary", maxLength: 4 }),
    fc.constantFrom("", "a", "ab", "\u{1F600}", "\ud800", "1", "true"),
    fc.integer({ min: -5, max: 5 }),
    fc.constantFrom(0, -0, 0.5, 1.5, 2 ** 53, -1e300, NaN, Infinity, -Infinity),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie("v"), { maxLength: 3 }),
    entries(tie("v")),
  ),
})).v;

const type = fc.constantFrom(
  "string",
  "number",
  "integer",
  "boolean",
  "null",
  "object",
  "array",
  "strin",
);

/** Schemas from the keywords the quick check decides, plus some it leaves to the engine. */
const schema: fc.Arbitrary<unknown> = fc.letrec<{ s: unknown }>((tie) => ({
  s: fc.oneof(
    { depthSize: "small", maxDepth: 3 },
    fc.boolean(),
    fc.record(
      {
        type: fc.oneof(type, fc.array(type, { maxLength: 3 }), fc.constant(5)),
        properties: entries(tie("s")),
        required: fc.oneof(fc.array(key, { maxLength: 3 }), fc.constant("a")),
        additionalProperties: fc.oneof(fc.boolean(), tie("s")),
        items: fc.oneof(tie("s"), fc.array(tie("s"), { maxLength: 2 })),
        enum: fc.array(value, { maxLength: 3 }),
        const: value,
        minimum: fc.oneof(fc.integer({ min: -3, max: 3 }), fc.constant(0.5)),
        maximum: fc.integer({ min: -3, max: 3 }),
        exclusiveMinimum: fc.oneof(fc.integer({ min: -3, max: 3 }), fc.boolean()),
        exclusiveMaximum: fc.integer({ min: -3, max: 3 }),
        minLength: fc.oneof(fc.nat(3), fc.constant(-1)),
        maxLength: fc.nat(3),
        minItems: fc.nat(3),
        maxItems: fc.nat(3),
        minProperties: fc.nat(3),
        maxProperties: fc.nat(3),
        description: fc.string(),
        $schema: fc.constantFrom(...DIALECTS.filter((d) => d !== undefined)),
        pattern: fc.constantFrom("^a", "\\d"),
        format: fc.constantFrom("email", "uri"),
        anyOf: fc.array(tie("s"), { minLength: 1, maxLength: 2 }),
        prefixItems: fc.array(tie("s"), { maxLength: 2 }),
        nullable: fc.boolean(),
      },
      { requiredKeys: [] },
    ),
  ),
})).s;

Deno.test("quickAccepts() says valid only where the engine (ajv) agrees, on generated schemas and values", () => {
  let sure = 0, total = 0;
  fc.assert(
    fc.property(schema, value, (s, v) => {
      total++;
      if (!quickAccepts(s, v)) return;
      sure++;
      assert.ok(
        engineAccepts(s as Record<string, unknown> | boolean, v),
        `quickAccepts said valid, the engine did not: ${show(s)} / ${show(v)}`,
      );
    }),
    { numRuns: 4000 },
  );
  // Half the generated pairs are random: a check that never said "valid" would prove nothing.
  assert.ok(sure > total / 20, `sure of ${sure} of ${total}`);
});

Deno.test("quickAccepts() takes the plain schemas tools declare, and refuses what they refuse", () => {
  const echo = {
    $schema: "http://json-schema.org/draft-07/schema#",
    type: "object",
    properties: {
      message: { type: "string", minLength: 1, description: "what to echo" },
      count: { type: "integer", minimum: 1, maximum: 10 },
      mode: { enum: ["loud", "quiet"] },
      tags: { type: "array", items: { type: "string" }, maxItems: 2 },
    },
    required: ["message"],
    additionalProperties: false,
  };
  assert.equal(quickAccepts(echo, { message: "hi" }), true);
  assert.equal(quickAccepts(echo, { message: "hi", count: 3, mode: "loud", tags: ["a"] }), true);
  for (
    const bad of [
      {},
      { message: "" },
      { message: 1 },
      { message: "hi", count: 1.5 },
      { message: "hi", count: 11 },
      { message: "hi", mode: "soft" },
      { message: "hi", tags: ["a", "b", "c"] },
      { message: "hi", tags: [1] },
      { message: "hi", extra: true },
      { message: "hi", count: NaN },
      "hi",
      undefined,
    ]
  ) {
    assert.equal(quickAccepts(echo, bad), false, JSON.stringify(bad));
    assert.equal(engineAccepts(echo, bad), false, JSON.stringify(bad));
  }
  // Keywords it does not decide leave the answer to the engine, even for a valid value.
  assert.equal(quickAccepts({ type: "string", format: "email" }, "a@b.test"), false);
  assert.equal(quickAccepts({ $ref: "#/$defs/x", $defs: { x: {} } }, 1), false);
  assert.equal(quickAccepts({ properties: { constructor: { type: "string" } } }, {}), false);
  // The corners where a looser check would say valid and the engine does not.
  const corners: [Record<string, unknown>, unknown][] = [
    [{ minLength: 2 }, "\u{1F600}"], // one code point, two UTF-16 units
    [{ items: [] }, []], // the array form is no schema in 2020-12
    [{ enum: [[]] }, {}],
    [{ const: {} }, []],
    [{ type: "integer" }, NaN],
    [{ minimum: 0 }, NaN],
    [{ properties: { constructor: { type: "string" } } }, {}],
    [{ minLength: -1 }, "a"],
    [{ minimum: "0" }, 1], // not a number: no schema
    [{ maxItems: 1.5 }, []],
    [{ required: "a" }, {}],
    [{ type: [] }, 1],
    [{ enum: "a" }, "a"],
  ];
  for (const [s, v] of corners) {
    assert.equal(engineAccepts(s, v), false, show(s));
    assert.equal(quickAccepts(s, v), false, show(s));
  }
  assert.equal(quickAccepts({ maxLength: 1 }, "\u{1F600}"), true);
  assert.equal(engineAccepts({ maxLength: 1 }, "\u{1F600}"), true);
});

Deno.test("quickAccepts() covers values built to fit the schema", () => {
  // Values drawn to satisfy a plain schema: the quick check must take nearly all of them.
  const plain = fc.record({
    text: fc.string({ minLength: 1, maxLength: 5 }),
    n: fc.integer({ min: 0, max: 9 }),
    flags: fc.array(fc.boolean(), { maxLength: 3 }),
  });
  const s = {
    type: "object",
    properties: {
      text: { type: "string", minLength: 1 },
      n: { type: "integer", minimum: 0, exclusiveMaximum: 10 },
      flags: { type: "array", items: { type: "boolean" } },
    },
    required: ["text", "n"],
    additionalProperties: false,
  };
  fc.assert(fc.property(plain, (v) => quickAccepts(s, v) && engineAccepts(s, v)), {
    numRuns: 300,
  });
});

/** Whether the engine compiles `schema`. */
function engineCompiles(schema: unknown): boolean {
  try {
    compileSchema(schema as Record<string, unknown> | boolean);
    return true;
  } catch {
    return false;
  }
}

Deno.test("surelyCompiles() says so only of schemas the engine (ajv) compiles, on generated schemas", () => {
  let sure = 0, total = 0;
  fc.assert(
    fc.property(schema, (s) => {
      total++;
      if (!surelyCompiles(s)) return;
      sure++;
      assert.ok(engineCompiles(s), `surelyCompiles said so, the engine refused: ${show(s)}`);
    }),
    { numRuns: 4000 },
  );
  // Most generated schemas hold a keyword it leaves to the engine: a check that never said
  // "sure" would prove nothing.
  assert.ok(sure > total / 50, `sure of ${sure} of ${total}`);
});

Deno.test("surelyCompiles() takes the plain schemas suites write, and leaves the rest to the engine", () => {
  const plain = [
    true,
    {},
    { type: "string", minLength: 2 },
    { type: ["string", "null"], maxLength: 10, description: "d", title: "t", $comment: "c" },
    {
      $schema: "https://json-schema.org/draft/2020-12/schema",
      $id: "urn:x",
      type: "object",
      properties: {
        a: { type: "integer", minimum: 0, exclusiveMaximum: 9.5 },
        b: { enum: [1, "x"] },
      },
      required: ["a"],
      additionalProperties: { const: null },
      examples: [{ a: 1 }],
      default: {},
    },
    {
      $schema: "http://json-schema.org/draft-07/schema#",
      type: "array",
      items: { type: "boolean" },
      minItems: 1,
    },
    { $schema: "http://json-schema.org/draft-07/schema", readOnly: true, deprecated: false },
  ];
  for (const s of plain) {
    assert.equal(surelyCompiles(s), true, show(s));
    assert.ok(engineCompiles(s), show(s));
  }
  // Bad forms (the engine refuses them), then keywords and forms it does not decide: "not sure".
  const refused: unknown[] = [
    { type: "strin" },
    { type: [] },
    { type: ["string", "string"] },
    { required: ["a", "a"] },
    { required: "a" },
    { minLength: -1 },
    { maxItems: 1.5 },
    { minimum: "0" },
    { enum: "a" },
    { items: [] },
    { examples: {} },
    { title: 1 },
    { readOnly: "yes" },
    { properties: { a: { type: 12 } } },
  ];
  for (const s of refused) {
    assert.equal(engineCompiles(s), false, show(s));
    assert.equal(surelyCompiles(s), false, show(s));
  }
  const undecided: unknown[] = [
    { minimum: Infinity },
    { enum: [] },
    { properties: { constructor: {} } },
    { $schema: "http://json-schema.org/draft-04/schema#" },
    { properties: { a: { $schema: "https://json-schema.org/draft/2020-12/schema" } } },
    { properties: { a: { $id: "urn:a" } } },
    { pattern: "^a" },
    { $ref: "#/$defs/x", $defs: { x: {} } },
    { format: "email" },
    "string",
    null,
    [],
  ];
  for (const s of undecided) assert.equal(surelyCompiles(s), false, show(s));
});
