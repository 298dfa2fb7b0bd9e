/** @module `is-json`: the captured text parses as JSON (optionally: and validates against a schema). */

import { badArg, type MatcherFactory } from "./_factory.ts";
import { isObject, render } from "./_values.ts";
import { schema } from "./schema.ts";

/** `is-json: true`, or `is-json: { schema: {...} }` to validate the parsed value too. */
export const isJson: MatcherFactory = (arg, spec, compile) => {
  const withSchema = isObject(arg) && Object.hasOwn(arg, "schema") &&
    Object.keys(arg).length === 1;
  if (arg !== true && !withSchema) {
    throw badArg(spec, `got ${render(arg)}, expected true or { schema: <JSON Schema> }`);
  }
  const inner = withSchema
    ? schema((arg as Record<string, unknown>).schema, spec, compile)
    : undefined;
  const expected = inner
    ? `a JSON text whose value is ${inner.expected ?? "valid"}`
    : "a JSON text";
  return {
    name: "is-json",
    expected,
    match: async (actual, context) => {
      if (typeof actual !== "string") {
        return {
          pass: false,
          expected,
          actual: render(actual),
          message: "not a string",
        };
      }
      let parsed: unknown;
      try {
        parsed = JSON.parse(actual);
      } catch (error) {
        return {
          pass: false,
          expected,
          actual: render(actual),
          message: (error as Error).message,
        };
      }
      if (!inner) return { pass: true, expected, actual: render(actual) };
      const outcome = await inner.match(parsed, context);
      return { ...outcome, expected };
    },
  };
};
