/** @module `is-json`: the captured text parses as JSON (optionally: and validates against a schema). */

import { badArg, type MatcherFactory } from "./_factory.ts";
import { isObject, render } from "./_values.ts";
import { schema } from "./schema.ts";

/** `is-json: true`, or `is-json: { schema: {...} }` to validate the parsed value too. */
export const isJson: MatcherFactory = (arg, spec, compile) => {
  const withSchema = isObject(arg) && "schema" in arg;
  if (arg !== true && !withSchema) {
    throw badArg(spec, `got ${render(arg)}, expected true or { schema: <JSON Schema> }`);
  }
  const inner = withSchema
    ? schema((arg as Record<string, unknown>).schema, spec, compile)
    : undefined;
  return {
    name: "is-json",
    match: async (actual, context) => {
      if (typeof actual !== "string") {
        return {
          pass: false,
          expected: "a JSON text",
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
          expected: "a JSON text",
          actual: render(actual),
          message: (error as Error).message,
        };
      }
      if (!inner) return { pass: true, expected: "a JSON text", actual: render(actual) };
      const outcome = await inner.match(parsed, context);
      return { ...outcome, expected: `a JSON text whose value is ${outcome.expected}` };
    },
  };
};
