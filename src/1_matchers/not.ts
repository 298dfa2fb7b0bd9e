/** @module `not`: inverts any other matcher (`not: { regex: "error" }`); a missing target passes unless the nested matcher judges missing values itself. */

import { badArg, type MatcherFactory } from "./_factory.ts";
import { isObject, render } from "./_values.ts";
import { expectedOf, missingMessage } from "./apply.ts";
import type { MatchOutcome } from "./types.ts";

/** The negation of an outcome: `expected: not <what the nested matcher expected>`. */
function invert(outcome: MatchOutcome): MatchOutcome {
  return {
    pass: !outcome.pass,
    expected: `not ${outcome.expected}`,
    actual: outcome.actual,
    ...(outcome.message !== undefined ? { message: outcome.message } : {}),
  };
}

/**
 * `not: { <matcher>: <arg> }`. A target that does not resolve holds no value the nested matcher
 * could accept, so `not` passes there (`not: { exact: true }` on an omitted `isError`), unless
 * the nested matcher judges missing targets itself (`not: { absent: true }` fails on one).
 */
export const not: MatcherFactory = (arg, spec, compile) => {
  if (!isObject(arg) || Object.keys(arg).length !== 1) {
    throw badArg(
      spec,
      `got ${render(arg)}, expected exactly one nested matcher, e.g. not: { regex: "error" }`,
    );
  }
  const [name, innerArg] = Object.entries(arg)[0]!;
  if (name === "snapshot") {
    throw badArg(spec, "snapshot cannot be negated, expected another matcher");
  }
  const inner = compile({ name, arg: innerArg, pos: spec.pos });
  const expected = `not ${expectedOf(inner)}`;
  return {
    name: `not ${inner.name}`,
    expected,
    match: async (actual, context) => invert(await inner.match(actual, context)),
    matchMissing: (missing) =>
      inner.matchMissing ? invert(inner.matchMissing(missing)) : {
        pass: true,
        expected,
        actual: "(missing)",
        message: missingMessage(missing),
      },
  };
};
