/** @module Assert a rule's expectations with the test-file matcher engine (compiled once per matcher spec). */

import { compileMatcher } from "../../../1_matchers/registry.ts";
import { matchTarget } from "../../../1_matchers/apply.ts";
import { parseTarget } from "../../../1_matchers/target_path.ts";
import type { Matcher } from "../../../1_matchers/types.ts";
import type { AssertionResult } from "../../../4_record/run_record.ts";
import type { SourcePos } from "../../../0_base/errors/errors.ts";
import type { RuleExpectation } from "../../../3_load/compliance_corpus/types.ts";

const cache = new Map<string, Matcher>();

function matcherOf(
  expectation: RuleExpectation,
  pos: SourcePos,
): { name: string; matcher: Matcher } {
  const [name, arg] = Object.entries(expectation.matcher)[0] ?? ["exact", undefined];
  const key = JSON.stringify([name, arg]);
  let matcher = cache.get(key);
  if (!matcher) {
    matcher = compileMatcher({ name, arg, pos });
    cache.set(key, matcher);
  }
  return { name, matcher };
}

/**
 * Evaluate every expectation against `root`. A missing target is judged by the matcher (`absent`
 * passes, `not` inverts); for any other matcher it is a failed assertion naming where it stopped.
 */
export async function assertAll(
  root: unknown,
  expect: readonly RuleExpectation[],
  pos: SourcePos,
  suiteDir: string,
): Promise<AssertionResult[]> {
  const results: AssertionResult[] = [];
  for (const expectation of expect) {
    const { name, matcher } = matcherOf(expectation, pos);
    const base = { target: expectation.target, matcher: name, line: pos.line, col: pos.col };
    const outcome = await matchTarget(matcher, root, parseTarget(expectation.target), {
      suiteDir,
      updateSnapshots: false,
    });
    const missed = !outcome.pass && outcome.actual === "(missing)";
    const message = missed
      ? `target ${expectation.target} not found at ${outcome.message}`
      : outcome.message;
    results.push({
      ...base,
      status: outcome.pass ? "pass" : "fail",
      expected: outcome.expected,
      actual: outcome.actual,
      ...(message === undefined ? {} : { message }),
    });
  }
  return results;
}
