/** @module The JSON Schema engine (ajv, with formats): loaded only by the processes that compile a schema (schema.ts loads it on first need). */

import { Ajv } from "ajv";
import { Ajv2020 } from "ajv/dist/2020.js";
import type { ValidateFunction } from "ajv";
import addFormatsModule from "ajv-formats";
import { type SchemaDialect, schemaDialect, withoutId } from "./schema_key.ts";

type AddFormats = (ajv: Ajv | Ajv2020) => unknown;
const addFormats = addFormatsModule as unknown as AddFormats;

/** The options every schema is compiled with (validators generated ahead of time use the same). */
export const SCHEMA_OPTIONS = { allErrors: true, strict: false, validateFormats: true } as const;

let modern: Ajv2020 | undefined;
let draft07: Ajv | undefined;

/** The validator of a dialect (instances are created once, lazily). */
function engineFor(dialect: SchemaDialect): Ajv | Ajv2020 {
  if (dialect === "draft-07") return draft07 ??= withFormats(new Ajv(SCHEMA_OPTIONS));
  return modern ??= withFormats(new Ajv2020(SCHEMA_OPTIONS));
}

function withFormats<T extends Ajv | Ajv2020>(ajv: T): T {
  addFormats(ajv);
  return ajv;
}

/**
 * Compile a JSON Schema with the engine its `$schema` names (draft-04 to 07, else 2020-12), its
 * top-level `$id` dropped (one shared instance per dialect). Callers keep what it compiles by
 * `schemaKey` (schema_key.ts): ajv compiles every schema object anew.
 * @throws {Error} a schema ajv cannot compile (the message says why)
 */
export function compileWithEngine(schema: Record<string, unknown> | boolean): ValidateFunction {
  return engineFor(schemaDialect(schema)).compile(withoutId(schema));
}
