/** @module `exists` and `absent`: whether the target resolves to a value at all (a missing key is a value users assert on). */

import { badArg, type MatcherFactory } from "./_factory.ts";
import { render } from "./_values.ts";
import { missingMessage } from "./apply.ts";
import type { MatcherSpec } from "./types.ts";

const PRESENT = "present";
const ABSENT = "absent";

function requireTrue(arg: unknown, spec: MatcherSpec, other: string): void {
  if (arg !== true) {
    throw badArg(
      spec,
      `got ${render(arg)}, expected true (${spec.name}: true; for the opposite use ${other}: true)`,
    );
  }
}

/** `exists: true`: the target path resolves (the key or index is there; `null` counts). */
export const exists: MatcherFactory = (arg, spec) => {
  requireTrue(arg, spec, "absent");
  return {
    name: "exists",
    expected: PRESENT,
    match: (actual) => ({ pass: true, expected: PRESENT, actual: render(actual) }),
    matchMissing: (missing) => ({
      pass: false,
      expected: PRESENT,
      actual: "(missing)",
      message: missingMessage(missing),
    }),
  };
};

/** `absent: true`: the target path does not resolve (no such key, index out of range). */
export const absent: MatcherFactory = (arg, spec) => {
  requireTrue(arg, spec, "exists");
  return {
    name: "absent",
    expected: ABSENT,
    match: (actual) => ({ pass: false, expected: ABSENT, actual: render(actual) }),
    matchMissing: (missing) => ({
      pass: true,
      expected: ABSENT,
      actual: "(missing)",
      message: missingMessage(missing),
    }),
  };
};
