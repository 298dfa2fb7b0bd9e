/** @module Decides whether a generated input is valid for its schema (the `schema` matcher's compiler). */

import { ModuleNotLoaded } from "../../0_base/util/lazy_module.ts";
import { compileSchema } from "../../1_matchers/schema.ts";
import type { Schema } from "./schema_values.ts";

/** A validity check of inputs: `valid`/`invalid`; undefined when the schema cannot be compiled. */
export type InputValidator = (value: unknown) => boolean;

/** Compile `schema` (its `$id` dropped: one compiled schema per target); undefined when ajv cannot. */
export function compileValidator(schema: Schema): InputValidator | undefined {
  try {
    const validate = compileSchema(schema as Record<string, unknown> | boolean);
    return (value) => validate(value) === true;
  } catch (error) {
    if (error instanceof ModuleNotLoaded) throw error; // a caller's bug, not a bad schema
    return undefined;
  }
}
