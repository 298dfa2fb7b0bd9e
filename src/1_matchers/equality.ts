/** @module The structural matchers `exact` (deep equality) and `subset` (containment of the value in the literal); `contains` is in contains.ts. */

import { structurallyContains } from "./contains.ts";
import type { MatcherFactory } from "./_factory.ts";
import { deepEqual, render } from "./_values.ts";

/** `exact`: the captured value deep-equals the literal (key order never matters). */
export const exact: MatcherFactory = (arg) => {
  const expected = render(arg);
  return {
    name: "exact",
    expected,
    match: (actual) => ({ pass: deepEqual(actual, arg), expected, actual: render(actual) }),
  };
};

/** `subset`: the captured value is structurally contained in the literal (the inverse of contains). */
export const subset: MatcherFactory = (arg) => {
  const expected = `a subset of ${render(arg)}`;
  return {
    name: "subset",
    expected,
    match: (actual) => ({
      pass: structurallyContains(arg, actual),
      expected,
      actual: render(actual),
    }),
  };
};
