/** @module Grades one assertion of a test against the root its targets resolve in. */

import type { AssertionResult, Status } from "../../4_record/run_record.ts";
import { expectedOf, matchTarget } from "../../1_matchers/apply.ts";
import type { MatchContext } from "../../1_matchers/types.ts";
import { McptestError } from "../../0_base/errors/errors.ts";
import type { PreparedAssertion } from "./prepare.ts";

/**
 * The result of one assertion: pass or fail with expected and actual, or error when its matcher
 * could not run. `prefix` goes before the target shown (a sequence's `steps[N].`).
 * @throws {McptestError} a matcher's usage error (exit code other than 1), such as a snapshot write under CI
 */
export async function gradeAssertion(
  item: PreparedAssertion,
  root: unknown,
  context: MatchContext,
  prefix = "",
): Promise<AssertionResult> {
  const { assertion, matcher } = item;
  const at = {
    target: prefix + assertion.target,
    matcher: matcher.name,
    line: assertion.pos.line,
    col: assertion.pos.col,
  };
  try {
    const outcome = await matchTarget(matcher, root, item.target, context);
    const status: Status = outcome.pass ? "pass" : "fail";
    return {
      ...at,
      status,
      expected: outcome.expected,
      actual: outcome.actual,
      ...(outcome.message !== undefined ? { message: outcome.message } : {}),
    };
  } catch (error) {
    if (error instanceof McptestError && error.exitCode !== 1) throw error;
    const message = error instanceof Error ? error.message : String(error);
    return {
      ...at,
      status: "error",
      expected: expectedOf(matcher),
      actual: "",
      message,
    };
  }
}
