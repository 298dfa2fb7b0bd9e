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
  const target = prefix + assertion.target;
  try {
    const outcome = await matchTarget(matcher, root, item.target, context);
    const status: Status = outcome.pass ? "pass" : "fail";
    return checkOf(target, item, status, outcome.expected, outcome.actual, outcome.message);
  } catch (error) {
    if (error instanceof McptestError && error.exitCode !== 1) throw error;
    const message = error instanceof Error ? error.message : String(error);
    return checkOf(target, item, "error", expectedOf(matcher), "", message);
  }
}

/**
 * One assertion's result, written as one literal: it lives as long as the run, and a literal
 * keeps its fields in the object (one built by spreading another puts the fields added after
 * the spread out of line, in an array of their own).
 */
function checkOf(
  target: string,
  { assertion, matcher }: PreparedAssertion,
  status: Status,
  expected: string,
  actual: string,
  message: string | undefined,
): AssertionResult {
  const { line, col } = assertion.pos;
  const name = matcher.name;
  return message === undefined
    ? { target, matcher: name, line, col, status, expected, actual }
    : { target, matcher: name, line, col, status, expected, actual, message };
}
