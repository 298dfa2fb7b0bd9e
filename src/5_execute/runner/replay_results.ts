/** @module Marks the results of replayed servers: `replayed`, duration and token budgets `skipped: replay`, stale messages naming the test. */

import { skipForReplay } from "./budgets.ts";
import type { TestResult } from "../../4_record/run_record.ts";

const STALE = /^cassette stale on field (\S+?):/;

/**
 * The result of a test replayed from a cassette: marked `replayed`, its duration and token
 * budgets skipped (`skipped: replay`) and its status recomputed without them, and a stale-cassette
 * failure naming the test.
 */
export function replayedResult(result: TestResult): TestResult {
  const budgets = result.budgets.map(skipForReplay);
  let status = result.status;
  if (status === "fail" && !result.failure) {
    const failed = result.assertions.some((a) => a.status !== "pass") ||
      budgets.some((b) => b.status === "fail");
    status = failed ? "fail" : "pass";
  }
  const failure = result.failure && STALE.test(result.failure.message)
    ? {
      ...result.failure,
      message: result.failure.message.replace(
        STALE,
        (_all, field: string) =>
          `cassette stale on field ${field} in test ${JSON.stringify(result.name)}:`,
      ),
    }
    : result.failure;
  return { ...result, status, budgets, replayed: true, ...(failure ? { failure } : {}) };
}
