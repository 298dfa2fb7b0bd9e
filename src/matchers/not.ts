/** @module `not`: inverts any other matcher (`not: { regex: "error" }`). */

import { badArg, type MatcherFactory } from "./_factory.ts";
import { isObject, render } from "./_values.ts";

/** `not: { <matcher>: <arg> }`. */
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
  return {
    name: `not ${inner.name}`,
    match: async (actual, context) => {
      const outcome = await inner.match(actual, context);
      return {
        pass: !outcome.pass,
        expected: `not ${outcome.expected}`,
        actual: outcome.actual,
        ...(outcome.message !== undefined ? { message: outcome.message } : {}),
      };
    },
  };
};
