/** @module `contains` and `subset`: structural containment (objects recursively, arrays as multisets). */

import type { MatcherFactory } from "./_factory.ts";
import { deepEqual, isObject, render } from "./_values.ts";

/**
 * The hint a failed `contains` gives when both sides are strings: `contains` is structural (a
 * string must equal the whole string), so a substring check needs `icontains` or `regex`.
 */
export const STRING_CONTAINS_HINT =
  "contains is structural: a string must equal the whole value; to match text inside a string use icontains (substring, any case) or regex";

/**
 * `contains`: the captured value structurally contains the literal (seed 004 section 3). A failure
 * of a string against a string says that `icontains` or `regex` match text.
 */
export const contains: MatcherFactory = (arg) => {
  const expected = `a value containing ${render(arg)}`;
  return {
    name: "contains",
    expected,
    match: (actual) => {
      const pass = structurallyContains(actual, arg);
      const hint = !pass && typeof arg === "string" && typeof actual === "string";
      return {
        pass,
        expected,
        actual: render(actual),
        ...(hint ? { message: STRING_CONTAINS_HINT } : {}),
      };
    },
  };
};

/**
 * True when `actual` structurally contains `expected`: every expected key/value recursively
 * (extra keys ignored); every expected array element matched by a distinct actual element,
 * in any order; scalars by deep equality.
 */
export function structurallyContains(actual: unknown, expected: unknown): boolean {
  if (isObject(expected)) {
    if (!isObject(actual)) return false;
    return Object.entries(expected).every(([key, value]) =>
      Object.hasOwn(actual, key) && structurallyContains(actual[key], value)
    );
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) return false;
    return hasDistinctMatches(expected, actual);
  }
  return deepEqual(actual, expected);
}

/** Bipartite matching: can every `wanted` element take a distinct `pool` element that contains it? */
function hasDistinctMatches(wanted: readonly unknown[], pool: readonly unknown[]): boolean {
  if (wanted.length > pool.length) return false;
  const edges = wanted.map((w) => pool.flatMap((p, j) => structurallyContains(p, w) ? [j] : []));
  const owner = new Array<number>(pool.length).fill(-1);
  const tryAssign = (i: number, seen: boolean[]): boolean => {
    for (const j of edges[i] ?? []) {
      if (seen[j]) continue;
      seen[j] = true;
      if (owner[j] === -1 || tryAssign(owner[j]!, seen)) {
        owner[j] = i;
        return true;
      }
    }
    return false;
  };
  return wanted.every((_, i) => tryAssign(i, new Array<boolean>(pool.length).fill(false)));
}
