/** @module The JSON Schema engine (ajv, with formats): loaded only by the processes that compile a schema (schema.ts loads it on first need). */

import { Ajv } from "ajv";
import { Ajv2020 } from "ajv/dist/2020.js";
import type { ValidateFunction } from "ajv";
import addFormatsModule from "ajv-formats";

type AddFormats = (ajv: Ajv | Ajv2020) => unknown;
const addFormats = addFormatsModule as unknown as AddFormats;

const DRAFT_07 = /^https?:\/\/json-schema\.org\/draft-0[4-7]\/schema#?$/;
const OPTIONS = { allErrors: true, strict: false, validateFormats: true } as const;

let modern: Ajv2020 | undefined;
let draft07: Ajv | undefined;

/** The validator for a schema's dialect (instances are created once, lazily). */
function engineFor(schema: Record<string, unknown>): Ajv | Ajv2020 {
  if (typeof schema.$schema === "string" && DRAFT_07.test(schema.$schema)) {
    draft07 ??= withFormats(new Ajv(OPTIONS));
    return draft07;
  }
  modern ??= withFormats(new Ajv2020(OPTIONS));
  return modern;
}

function withFormats<T extends Ajv | Ajv2020>(ajv: T): T {
  addFormats(ajv);
  return ajv;
}

/** Drop a top-level `$id` so two matchers with the same `$id` never collide in the shared instance. */
function stripId(value: Record<string, unknown>): Record<string, unknown> {
  if (!("$id" in value)) return value;
  const { $id: _ignored, ...rest } = value;
  return rest;
}

/**
 * Compile a JSON Schema with the engine its `$schema` names (draft-04 to 07, else 2020-12), its
 * top-level `$id` dropped (one shared instance per dialect).
 * @throws {Error} a schema ajv cannot compile (the message says why)
 */
export function compileWithEngine(schema: Record<string, unknown> | boolean): ValidateFunction {
  return typeof schema === "boolean"
    ? engineFor({}).compile(schema)
    : engineFor(schema).compile(stripId(schema));
}
