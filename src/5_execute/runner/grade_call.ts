/** @module What a test's (or a sequence step's) request came to: why it could not be graded, or its checks (unscripted server requests, the error verdict, its assertions). */

import type { MatchContext } from "../../1_matchers/types.ts";
import type { AssertionResult } from "../../4_record/run_record.ts";
import { errorVerdict } from "./error_verdict.ts";
import { gradeAssertion } from "./grade.ts";
import type { PreparedTest } from "./prepare.ts";
import { type ProtocolOutcome, unscriptedResults } from "./protocol_call.ts";

/**
 * Why the request has nothing to grade (no answer, a failed protocol step), or undefined. A call
 * cancelled on its `cancel:` event has no answer by design: it is graded.
 */
export function callFailure(outcome: ProtocolOutcome): string | undefined {
  const { exchange } = outcome;
  const cancelled = (outcome.roots.cancelled as { sent?: boolean } | undefined)?.sent === true;
  if (!outcome.failure && !exchange.failure && (exchange.response || cancelled)) return undefined;
  return outcome.failure ?? exchange.failure?.message ?? "no response";
}

/** The checks of a graded request: unscripted server requests, how the call ended, each assertion on `root`. */
export async function gradeCall(
  prepared: PreparedTest,
  outcome: ProtocolOutcome,
  root: unknown,
  context: MatchContext,
): Promise<AssertionResult[]> {
  const checks: AssertionResult[] = unscriptedResults(outcome, prepared.test);
  const verdict = errorVerdict(prepared, outcome.exchange.response);
  if (verdict) checks.push(verdict);
  for (const item of prepared.assertions) checks.push(await gradeAssertion(item, root, context));
  return checks;
}
