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
 * Validators compiled so far, by dialect and schema text. ajv compiles every schema object anew
 * (about a quarter of a millisecond each, generated code included) and keeps each one, and a
 * suite repeats the same schema over thousands of tests: `list` of 10,000 tests with one
 * `schema:` matcher each took 2 s and 260 MB. A validator is a pure function of its schema;
 * callers read its `errors` right after the call that set them.
 */
const compiled = new Map<string, ValidateFunction>();

/** How many validators are kept at most (past it the memo starts again: the result is the same). */
const MAX_KEPT_VALIDATORS = 4096;

/**
 * Compile a JSON Schema with the engine its `$schema` names (draft-04 to 07, else 2020-12), its
 * top-level `$id` dropped (one shared instance per dialect); the same schema text gives the same
 * validator, compiled once.
 * @throws {Error} a schema ajv cannot compile (the message says why)
 */
export function compileWithEngine(schema: Record<string, unknown> | boolean): ValidateFunction {
  const body = typeof schema === "boolean" ? schema : stripId(schema);
  const engine = engineFor(typeof schema === "boolean" ? {} : schema);
  const key = `${engine === draft07 ? "draft-07" : "2020-12"} ${JSON.stringify(body)}`;
  const known = compiled.get(key);
  if (known) return known;
  const validate = engine.compile(body);
  if (compiled.size >= MAX_KEPT_VALIDATORS) compiled.clear();
  compiled.set(key, validate);
  return validate;
}
