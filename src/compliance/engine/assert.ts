/** @module Assert a rule's expectations with the test-file matcher engine (compiled once per matcher spec). */

import { compileMatcher } from "../../matchers/registry.ts";
import { parseTarget, resolveTarget } from "../../matchers/target_path.ts";
import type { Matcher } from "../../matchers/types.ts";
import type { AssertionResult } from "../../record/run_record.ts";
import type { SourcePos } from "../../errors/errors.ts";
import type { RuleExpectation } from "../corpus/types.ts";

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

/** Evaluate every expectation against `root`; a missing target is a failed assertion naming where it stopped. */
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
    const resolved = resolveTarget(root, parseTarget(expectation.target));
    if (!resolved.found) {
      results.push({
        ...base,
        status: "fail",
        expected: JSON.stringify(expectation.matcher[name]) ?? "",
        actual: "(missing)",
        message:
          `target ${expectation.target} not found at ${resolved.missingAt}: ${resolved.reason}`,
      });
      continue;
    }
    const outcome = await matcher.match(resolved.value, { suiteDir, updateSnapshots: false });
    results.push({
      ...base,
      status: outcome.pass ? "pass" : "fail",
      expected: outcome.expected,
      actual: outcome.actual,
      ...(outcome.message === undefined ? {} : { message: outcome.message }),
    });
  }
  return results;
}
