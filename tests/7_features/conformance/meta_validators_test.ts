import assert from "node:assert/strict";
import { Ajv } from "ajv";
import { Ajv2020 } from "ajv/dist/2020.js";
import {
  type Dialect,
  GENERATED_META_VALIDATORS,
  generateMetaValidatorSource,
  META_AJV_OPTIONS,
} from "../../../tools/build_meta_validators.ts";
import {
  checkSchema,
  type SchemaVerdict,
} from "../../../src/7_features/conformance/probes/_schemas.ts";

for (const dialect of ["draft2020", "draft07"] as const satisfies readonly Dialect[]) {
  Deno.test(`the generated ${dialect} meta validator is current (deno task conformance:build-meta-validators)`, async () => {
    const committed = await Deno.readTextFile(GENERATED_META_VALIDATORS[dialect]);
    assert.ok(
      committed === generateMetaValidatorSource(dialect),
      `${GENERATED_META_VALIDATORS[dialect].pathname} is stale`,
    );
  });
}

const DRAFT_2020 = /^https?:\/\/json-schema\.org\/draft\/2020-12\/schema#?$/;
const DRAFT_07 = /^https?:\/\/json-schema\.org\/draft-07\/schema#?$/;
let live2020: Ajv2020 | undefined;
let live07: Ajv | undefined;

/** checkSchema as it was: ajv compiling the meta-schemas at run time (the reference). */
function liveCheck(schema: unknown): SchemaVerdict {
  if (typeof schema === "boolean") return { valid: true };
  if (typeof schema !== "object" || schema === null || Array.isArray(schema)) {
    return { valid: false, reason: "is not an object" };
  }
  const record = schema as Record<string, unknown>;
  const declared = record.$schema;
  let validator: Ajv | Ajv2020;
  if (declared === undefined || (typeof declared === "string" && DRAFT_2020.test(declared))) {
    validator = live2020 ??= new Ajv2020({ ...META_AJV_OPTIONS });
  } else if (typeof declared === "string" && DRAFT_07.test(declared)) {
    validator = live07 ??= new Ajv({ ...META_AJV_OPTIONS });
  } else {
    return { valid: "unknown", reason: `declares a dialect mcptest cannot check: ${declared}` };
  }
  try {
    if (validator.validateSchema(record) as boolean) return { valid: true };
    const first = validator.errors?.[0];
    return {
      valid: false,
      reason: first
        ? `${first.instancePath || "/"} ${first.message ?? "is invalid"}`
        : "is invalid",
    };
  } catch (error) {
    return { valid: "unknown", reason: error instanceof Error ? error.message : String(error) };
  }
}

const BODIES: readonly Record<string, unknown>[] = [
  { type: "object", properties: { a: { type: "string" } }, required: ["a"] },
  { type: 5 },
  { properties: { a: { type: 5 } } },
  { properties: { a: { items: { minLength: -1 } } } },
  { required: ["a", "a"] },
  { enum: [1, 1] },
  { type: ["string", "string"] },
  { $defs: { x: { type: "nope" } } },
  { allOf: [{ anyOf: [{ not: { type: 1 } }] }] },
  { additionalProperties: { properties: { b: { const: 1, maxLength: "x" } } } },
  { $ref: 7 },
  { $dynamicRef: "#meta" },
  { prefixItems: [{ type: "zz" }] },
  { dependentSchemas: { a: { minimum: "1" } } },
  { unevaluatedProperties: { type: 3 } },
  { if: { type: 1 } },
  { patternProperties: { "^a": { type: 1 } } },
  { format: 3 },
  { multipleOf: 0 },
  { items: [{}] },
  { definitions: { a: { type: 1 } } },
  { dependencies: { a: ["b", "b"] } },
  { properties: { x: { properties: { y: { properties: { z: { type: "q" } } } } } } },
];

const DECLARED: readonly (string | undefined)[] = [
  undefined,
  "https://json-schema.org/draft/2020-12/schema",
  "https://json-schema.org/draft/2020-12/schema#",
  "http://json-schema.org/draft/2020-12/schema",
  "http://json-schema.org/draft/2020-12/schema#",
  "http://json-schema.org/draft-07/schema",
  "http://json-schema.org/draft-07/schema#",
  "https://json-schema.org/draft-07/schema",
  "https://json-schema.org/draft-07/schema#",
  "http://json-schema.org/draft-04/schema#",
];

Deno.test("checkSchema with the generated validators gives ajv's run-time verdicts and reasons", () => {
  const schemas: unknown[] = [true, false, null, [], "x"];
  for (const declared of DECLARED) {
    for (const body of BODIES) {
      schemas.push(declared === undefined ? body : { $schema: declared, ...body });
    }
  }
  for (const schema of schemas) {
    assert.deepEqual(checkSchema(schema), liveCheck(schema), JSON.stringify(schema));
  }
});
