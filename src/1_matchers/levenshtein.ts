/** @module `levenshtein`: the captured text is within an edit distance of a reference string. */

import { badArg, type MatcherFactory } from "./_factory.ts";
import { asText, isObject, render } from "./_values.ts";

/**
 * fastest-levenshtein, imported on the first match and kept: a CommonJS package costs every
 * start-up that never needs it (docs/performance.md), and an `import()` per match costs each one.
 * Its bit-parallel distance suits long texts, unlike leven's.
 */
let library: Promise<typeof import("fastest-levenshtein")> | undefined;

/** `levenshtein: { value: "...", max_distance: N }` (max_distance defaults to 0). */
export const levenshtein: MatcherFactory = (arg, spec) => {
  const shape = "{ value: <string>, max_distance: <integer >= 0> }";
  if (!isObject(arg) || typeof arg.value !== "string") {
    throw badArg(spec, `got ${render(arg)}, expected ${shape}`);
  }
  const max = arg.max_distance ?? 0;
  if (typeof max !== "number" || !Number.isInteger(max) || max < 0) {
    throw badArg(spec, `max_distance ${render(max)} is not an integer >= 0, expected ${shape}`);
  }
  const extra = Object.keys(arg).filter((k) => k !== "value" && k !== "max_distance");
  if (extra.length > 0) throw badArg(spec, `unknown key "${extra[0]}", expected ${shape}`);
  const reference = arg.value;
  const expected = `text within distance ${max} of ${JSON.stringify(reference)}`;
  return {
    name: "levenshtein",
    expected,
    match: async (actual) => {
      const { distance } = await (library ??= import("fastest-levenshtein"));
      const d = distance(asText(actual), reference);
      return {
        pass: d <= max,
        expected,
        actual: render(actual),
        message: `edit distance ${d}`,
      };
    },
  };
};
