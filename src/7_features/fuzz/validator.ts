/** @module Decides whether a generated input is valid for its schema (ajv; draft-07 or 2020-12 by `$schema`). */

import { Ajv } from "ajv";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import type { Schema } from "./schema_values.ts";

type AddFormats = (ajv: Ajv | Ajv2020) => unknown;
const addFormats = addFormatsModule as unknown as AddFormats;

const DRAFT_07 = /^https?:\/\/json-schema\.org\/draft-0[4-7]\/schema#?$/;
const OPTIONS = { allErrors: false, strict: false, validateFormats: true } as const;

let modern: Ajv2020 | undefined;
let draft07: Ajv | undefined;

function engineFor(schema: Schema): Ajv | Ajv2020 {
  if (
    typeof schema === "object" && typeof schema["$schema"] === "string" &&
    DRAFT_07.test(schema["$schema"])
  ) {
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

/** A validity check of inputs: `valid`/`invalid`; undefined when the schema cannot be compiled. */
export type InputValidator = (value: unknown) => boolean;

/** Compile `schema` (its `$id` dropped: one compiled schema per target); undefined when ajv cannot. */
export function compileValidator(schema: Schema): InputValidator | undefined {
  try {
    const copy = typeof schema === "object" ? { ...schema } : schema;
    if (typeof copy === "object") delete (copy as Record<string, unknown>)["$id"];
    const validate = engineFor(schema).compile(copy);
    return (value) => validate(value) === true;
  } catch {
    return undefined;
  }
}
