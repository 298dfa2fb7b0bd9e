/** @module The validators generated for the corpus's `schema:` matchers: current with corpus.json, the same verdicts and errors as ajv compiling each schema, and used without loading ajv. */

import assert from "node:assert/strict";
import fc from "fast-check";
import {
  corpusSchemas,
  generateCorpusValidatorsSource,
  GENERATED_CORPUS_VALIDATORS,
} from "../../../tools/build_corpus_validators.ts";
import { COMPLIANCE_CORPUS } from "../../../src/3_load/compliance_corpus/embedded.ts";
import { VALIDATORS } from "../../../src/3_load/compliance_corpus/_generated/corpus_validators.js";
import { compileWithEngine } from "../../../src/1_matchers/schema_engine.ts";
import { schemaKey } from "../../../src/1_matchers/schema_key.ts";

type Validate = ((value: unknown) => boolean) & { errors?: unknown };
const generated = new Map(VALIDATORS as unknown as readonly (readonly [string, Validate])[]);

Deno.test("the corpus validators are current with corpus.json (run deno task compliance:build-corpus)", async () => {
  const committed = await Deno.readTextFile(GENERATED_CORPUS_VALIDATORS);
  assert.ok(
    committed === generateCorpusValidatorsSource(COMPLIANCE_CORPUS),
    "src/3_load/compliance_corpus/_generated/corpus_validators.js is stale",
  );
});

Deno.test("every schema: matcher of the corpus has a generated validator", () => {
  const schemas = corpusSchemas(COMPLIANCE_CORPUS);
  assert.ok(schemas.size > 50, `${schemas.size} schemas`);
  for (const key of schemas.keys()) assert.ok(generated.has(key), `no validator for ${key}`);
  assert.equal(generated.size, schemas.size);
});

/**
 * Values near what the schemas look at: objects with their property names, arrays, scalars. They
 * are JSON data as a parse yields it: objects of Object's prototype, never fast-check's
 * null-prototype ones (ajv's equal calls those unequal to `{}` by `constructor`, where the inlined
 * equality compares JSON values; tests/3_load/config/ajv_runtime_inline_test.ts).
 */
function valuesFor(schema: unknown): fc.Arbitrary<unknown> {
  const names = [...JSON.stringify(schema).matchAll(/"([A-Za-z_$][\w$-]*)":/g)].map((m) => m[1]!);
  const scalar = fc.oneof(
    fc.string(),
    fc.constantFrom("ui://x", "https://x.test", "light", "dark", "required", "optional", ""),
    fc.integer({ min: -3, max: 200 }),
    fc.boolean(),
    fc.constant(null),
  );
  return fc.letrec<{ value: unknown }>((tie) => ({
    value: fc.oneof(
      { depthSize: "small" },
      scalar,
      fc.array(tie("value"), { maxLength: 3 }),
      fc.dictionary(fc.constantFrom(...names, "x"), tie("value"), {
        maxKeys: 5,
        noNullPrototype: true,
      }),
    ),
  })).value;
}

Deno.test("each generated validator gives ajv's verdict and errors (property, every corpus schema)", () => {
  let accepted = 0, refused = 0;
  for (const [key, schema] of corpusSchemas(COMPLIANCE_CORPUS)) {
    const fresh = compileWithEngine(schema) as unknown as Validate;
    const ahead = generated.get(key)!;
    assert.equal(schemaKey(schema), key);
    fc.assert(
      fc.property(valuesFor(schema), (value) => {
        const verdict = fresh(value);
        assert.equal(ahead(value), verdict, `${key} on ${JSON.stringify(value)}`);
        if (verdict) accepted++;
        else refused++;
        assert.deepEqual(ahead.errors ?? null, fresh.errors ?? null, key);
      }),
      { numRuns: 60 },
    );
  }
  // Both verdicts are reached often: the comparison is not of validators that refuse everything.
  assert.ok(accepted > 1000 && refused > 1000, `${accepted} accepted, ${refused} refused`);
});

Deno.test("a compliance assertion with a corpus schema loads no JSON Schema engine", async () => {
  const script = `
    import { assertAll } from "./src/5_execute/compliance/engine/assert.ts";
    import { schemaEngineLoaded } from "./src/1_matchers/schema.ts";
    import { corpusSchemas } from "./tools/build_corpus_validators.ts";
    import { COMPLIANCE_CORPUS } from "./src/3_load/compliance_corpus/embedded.ts";
    const [schema] = corpusSchemas(COMPLIANCE_CORPUS).values();
    const pos = { file: "rule.yml", line: 1, col: 1 };
    const results = await assertAll({ x: 1 }, [{ target: "x", matcher: { schema } }], pos, ".");
    const before = schemaEngineLoaded();
    const other = await assertAll({ x: 1 }, [{ target: "x", matcher: { schema: { type: "integer", minimum: 7 } } }], pos, ".");
    console.log(JSON.stringify([results.length, before, schemaEngineLoaded(), other[0].status]));
  `;
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["eval", "--ext=ts", script],
    cwd: new URL("../../../", import.meta.url).pathname,
    stderr: "inherit",
  }).output();
  assert.equal(out.code, 0);
  // The corpus schema is answered ahead of time; another schema still loads ajv and compiles.
  const [count, loadedFirst, loadedAfter, otherStatus] = JSON.parse(
    new TextDecoder().decode(out.stdout),
  );
  assert.deepEqual([count, loadedFirst, loadedAfter, otherStatus], [1, false, true, "fail"]);
});
