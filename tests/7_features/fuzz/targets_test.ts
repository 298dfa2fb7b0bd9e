/** @module Which tools a fuzz run may call by their annotations, and the case generator's validity and determinism (no process). */

import assert from "node:assert/strict";
import fc from "fast-check";
import {
  argumentCases,
  expandTemplate,
  templateVariables,
} from "../../../src/7_features/fuzz/cases.ts";
import { sideEffectSkip } from "../../../src/7_features/fuzz/targets.ts";
import { compileValidator } from "../../../src/7_features/fuzz/validator.ts";
import { loadSchemaEngine } from "../../../src/1_matchers/schema.ts";

// Matchers are compiled here directly, not behind a run or a load that loads the engine.
await loadSchemaEngine();

const none = { writes: false, destructive: false };

Deno.test("sideEffectSkip() fuzzes read-only tools, others only with the opt-in that names them", () => {
  assert.equal(sideEffectSkip({ readOnlyHint: true }, none), undefined);
  assert.match(sideEffectSkip({ destructiveHint: false }, none)!, /--allow-writes/);
  assert.equal(sideEffectSkip({ destructiveHint: false }, { ...none, writes: true }), undefined);
  assert.match(
    sideEffectSkip({ destructiveHint: true }, { ...none, writes: true })!,
    /--allow-destructive/,
  );
  assert.match(sideEffectSkip(undefined, none)!, /--allow-destructive/);
  assert.equal(sideEffectSkip(undefined, { writes: false, destructive: true }), undefined);
});

const SCHEMAS = [
  { type: "object", properties: { text: { type: "string" } }, required: ["text"] },
  {
    type: "object",
    properties: {
      id: { type: "integer", minimum: 1, maximum: 10 },
      tags: { type: "array", items: { type: "string", maxLength: 3 }, maxItems: 2 },
      mode: { enum: ["a", "b"] },
      nested: { type: "object", properties: { ok: { type: "boolean" } }, required: ["ok"] },
      ref: { $ref: "#/$defs/name" },
    },
    required: ["id", "mode"],
    additionalProperties: false,
    $defs: { name: { type: "string", minLength: 1, pattern: "^[a-z]+$" } },
  },
];

Deno.test("argumentCases() makes valid cases that validate, and invalid ones too", () => {
  for (const schema of SCHEMAS) {
    const isValid = compileValidator(schema)!;
    const cases = fc.sample(argumentCases(schema), { seed: 5, numRuns: 300 });
    const valid = cases.filter((c) => c.strategy === "valid");
    assert.ok(valid.length > 50);
    for (const c of valid) assert.ok(isValid(c.input), JSON.stringify(c.input));
    const invalid = cases.filter((c) => !isValid(c.input));
    assert.ok(invalid.length > 30, `only ${invalid.length} invalid`);
    const strategies = new Set(cases.map((c) => c.strategy));
    for (
      const s of [
        "boundary",
        "missing_required",
        "wrong_type",
        "extra_property",
        "deep_nesting",
        "huge_string",
        "odd_string",
      ]
    ) {
      assert.ok(strategies.has(s), `no ${s}`);
    }
  }
});

Deno.test("argumentCases() gives the same cases for the same seed", () => {
  const arb = argumentCases(SCHEMAS[1]!);
  assert.deepEqual(
    fc.sample(arb, { seed: 9, numRuns: 50 }),
    fc.sample(arb, { seed: 9, numRuns: 50 }),
  );
});

Deno.test("templateVariables() and expandTemplate() read and fill RFC 6570 templates", () => {
  assert.deepEqual(templateVariables("a://{id}/{+path}{?q,lang}"), ["id", "path", "q", "lang"]);
  assert.equal(
    expandTemplate("a://{id}/{+path}{?q,lang}", { id: "a b", path: "x/y", q: "1", lang: "\ud800" }),
    "a://a%20b/x/y?q=1&lang=%EF%BF%BD",
  );
});
