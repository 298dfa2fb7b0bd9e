/** @module `schema`: JSON Schema validation (2020-12 by default, draft-07 when declared); never fetches a `$ref`. */

import { importLater } from "../0_base/util/import_later.ts";
import type { ErrorObject, ValidateFunction } from "ajv";
import { lazyModule, ModuleNotLoaded } from "../0_base/util/lazy_module.ts";
import { badArg, type MatcherFactory } from "./_factory.ts";
import { isObject, render } from "./_values.ts";

/** ajv and its formats: tens of milliseconds to load, so loaded only where a schema is compiled. */
const engine = lazyModule(
  "the JSON Schema engine",
  () => importLater<typeof import("./schema_engine.ts")>(import.meta.url, "./schema_engine.ts"),
);

/**
 * Load the JSON Schema engine: what an asynchronous caller of {@link compileSchema} outside a
 * `withLazyModules` boundary awaits first.
 */
export function loadSchemaEngine(): Promise<unknown> {
  return engine.load();
}

/** Whether the JSON Schema engine is loaded (a run with no schema to compile leaves it unloaded). */
export function schemaEngineLoaded(): boolean {
  return engine.loaded;
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
 * @throws {ModuleNotLoaded} before the engine is loaded ({@link loadSchemaEngine})
 * @throws {Error} a schema ajv cannot compile (the message says why)
 */
export function compileSchema(schema: Record<string, unknown> | boolean): ValidateFunction {
  return engine.get().compileWithEngine(schema);
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
    if (error instanceof ModuleNotLoaded) throw error;
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
