/** @module Test helper: compile a matcher from a `{name: arg}` object and apply it. */

import { compileMatcher } from "../../src/1_matchers/registry.ts";
import type { MatchContext, MatchOutcome } from "../../src/1_matchers/types.ts";

export const POS = { file: "suite.yml", line: 7, col: 9 };

/** Compile `{name: arg}` (as written in YAML) and match `actual`. */
export function check(
  matcher: Record<string, unknown>,
  actual: unknown,
  context: Partial<MatchContext> = {},
): Promise<MatchOutcome> {
  const [name, arg] = Object.entries(matcher)[0]!;
  const compiled = compileMatcher({ name, arg, pos: POS });
  return Promise.resolve(
    compiled.match(actual, { suiteDir: ".", updateSnapshots: false, ...context }),
  );
}

/** The message of the ConfigError compiling `{name: arg}` throws (or fails the test). */
export function compileError(matcher: Record<string, unknown>): string {
  const [name, arg] = Object.entries(matcher)[0]!;
  try {
    compileMatcher({ name, arg, pos: POS });
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error(`expected ${JSON.stringify(matcher)} to be rejected at load`);
}
