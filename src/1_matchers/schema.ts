/** @module `schema`: JSON Schema validation (2020-12 by default, draft-07 when declared); never fetches a `$ref`. */

import { importLater } from "../0_base/util/import_later.ts";
import type { ErrorObject, ValidateFunction } from "ajv";
import { lazyModule, ModuleNotLoaded, withLazyModules } from "../0_base/util/lazy_module.ts";
import { badArg, type MatcherFactory } from "./_factory.ts";
import { quickAccepts, surelyCompiles } from "./quick_schema.ts";
import type { MatcherSpec } from "./types.ts";
import { isObject, render } from "./_values.ts";
import { schemaKey } from "./schema_key.ts";

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
 * Validators by {@link schemaKey}: compiled so far, or generated ahead of time and added with
 * {@link addCompiledSchemas}. ajv compiles every schema object anew (about a quarter of a
 * millisecond each, cold several, generated code included) and keeps each one, and a suite
 * repeats the same schema over thousands of tests: `list` of 10,000 tests with one `schema:`
 * matcher each took 2 s and 260 MB. A validator is a pure function of its schema; callers read
 * its `errors` right after the call that set them.
 */
const compiled = new Map<string, ValidateFunction>();

/** How many validators are kept at most (past it the memo starts again: the result is the same). */
const MAX_KEPT_VALIDATORS = 4096;

/**
 * Compile a JSON Schema with the engine its `$schema` names (draft-04 to 07, else 2020-12), its
 * top-level `$id` dropped (one shared instance per dialect); the one compiler of every schema
 * mcptest checks values against. The same schema text gives the same validator, compiled once;
 * a validator generated ahead of time needs no engine at all.
 * @throws {ModuleNotLoaded} before the engine is loaded ({@link loadSchemaEngine}), for a schema
 * no validator is known for
 * @throws {Error} a schema ajv cannot compile (the message says why)
 */
export function compileSchema(schema: Record<string, unknown> | boolean): ValidateFunction {
  const key = schemaKey(schema);
  const known = compiled.get(key);
  if (known) return known;
  const validate = engine.get().compileWithEngine(schema);
  if (compiled.size >= MAX_KEPT_VALIDATORS) compiled.clear();
  compiled.set(key, validate);
  return validate;
}

/**
 * Add validators generated ahead of time (ajv's standalone code, compiled with the engine's
 * options), each under the {@link schemaKey} of its schema: {@link compileSchema} then answers
 * those schemas without loading or running the engine.
 */
export function addCompiledSchemas(
  validators: Iterable<readonly [string, ValidateFunction]>,
): void {
  for (const [key, validate] of validators) compiled.set(key, validate);
}

/**
 * `schema: {...}`: the captured value validates against the schema. A schema the engine surely
 * compiles (quick_schema.ts: the plain keywords, each of the form the meta-schema requires) is
 * compiled only when a value fails the quick check, the engine then loaded (tens of milliseconds,
 * and as many for its first compile); any other is compiled at load, where a bad one is reported.
 */
export const schema: MatcherFactory = (arg, spec) => {
  if (!isObject(arg) && typeof arg !== "boolean") {
    throw badArg(spec, `got ${render(arg)}, expected a JSON Schema object`);
  }
  let validate = surelyCompiles(arg) ? undefined : checkedCompile(arg, spec);
  const expected = `a value matching schema ${render(arg)}`;
  return {
    name: "schema",
    expected,
    match: async (actual) => {
      // Only a value the engine accepts too passes the quick check (quick_schema.ts).
      if (quickAccepts(arg, actual)) return { pass: true, expected, actual: render(actual) };
      validate ??= await withLazyModules(() => Promise.resolve(compileSchema(arg)));
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

/** {@link compileSchema}, a schema it cannot compile reported as the matcher's bad argument. */
function checkedCompile(arg: Record<string, unknown> | boolean, spec: MatcherSpec) {
  try {
    return compileSchema(arg);
  } catch (error) {
    if (error instanceof ModuleNotLoaded) throw error;
    const reason = (error as Error).message;
    const hint = /resolve reference/i.test(reason)
      ? " ($ref targets must be inside the schema: mcptest never fetches a network $ref)"
      : "";
    throw badArg(spec, `invalid JSON Schema: ${reason}${hint}`);
  }
}
