/** @module `schema`: JSON Schema validation (2020-12 by default, draft-07 when declared); never fetches a `$ref`. */

import { Ajv } from "ajv";
import { Ajv2020 } from "ajv/dist/2020.js";
import type { ErrorObject, ValidateFunction } from "ajv";
import addFormatsModule from "ajv-formats";
import { badArg, type MatcherFactory } from "./_factory.ts";
import { isObject, render } from "./_values.ts";

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

/** Render ajv errors as `path: message` lines. */
function describe(errors: readonly ErrorObject[] | null | undefined): string {
  return (errors ?? []).slice(0, 5)
    .map((e) => `${e.instancePath === "" ? "(root)" : e.instancePath} ${e.message ?? "is invalid"}`)
    .join("; ");
}

/**
 * Compile a JSON Schema with the engine its `$schema` names (draft-04 to 07, else 2020-12), its
 * top-level `$id` dropped (one shared instance per dialect); the one compiler of every schema
 * mcptest checks values against.
 * @throws {Error} a schema ajv cannot compile (the message says why)
 */
export function compileSchema(schema: Record<string, unknown> | boolean): ValidateFunction {
  return typeof schema === "boolean"
    ? engineFor({}).compile(schema)
    : engineFor(schema).compile(stripId(schema));
}

/** `schema: {...}`: the captured value validates against the schema (compiled at load). */
export const schema: MatcherFactory = (arg, spec) => {
  if (!isObject(arg) && typeof arg !== "boolean") {
    throw badArg(spec, `got ${render(arg)}, expected a JSON Schema object`);
  }
  let validate: ValidateFunction;
  try {
    validate = compileSchema(arg);
  } catch (error) {
    const reason = (error as Error).message;
    const hint = /resolve reference/i.test(reason)
      ? " ($ref targets must be inside the schema: mcptest never fetches a network $ref)"
      : "";
    throw badArg(spec, `invalid JSON Schema: ${reason}${hint}`);
  }
  const expected = `a value matching schema ${render(arg)}`;
  return {
    name: "schema",
    expected,
    match: (actual) => {
      const pass = validate(actual) === true;
      return {
        pass,
        expected,
        actual: render(actual),
        ...(pass ? {} : { message: describe(validate.errors) }),
      };
    },
  };
};

/** Drop a top-level `$id` so two matchers with the same `$id` never collide in the shared instance. */
function stripId(value: Record<string, unknown>): Record<string, unknown> {
  if (!("$id" in value)) return value;
  const { $id: _ignored, ...rest } = value;
  return rest;
}
