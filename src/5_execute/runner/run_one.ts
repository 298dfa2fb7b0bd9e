/** @module One test's turn in a run: `skip:`, `--bail`, and retries (`retries:`, `--retries`) around executeTest. */

import type { TestResult } from "../../4_record/run_record.ts";
import type { Session } from "../../2_connect/session/types.ts";
import { baseResult, type ExecuteOptions, executeTest } from "./execute_test.ts";
import type { PreparedTest } from "./prepare.ts";
import type { RunDeadline } from "./run_deadline.ts";
import type { CaptureStore } from "./captures_run.ts";

/** `--bail [N]`: the run stops starting tests after `limit` failures (shared by every server). */
export class BailState {
  #failures = 0;
  /** @param limit failures that stop the run; undefined: never stop */
  constructor(readonly limit?: number) {}
  /** Count a finished test (a failure or an error counts). */
  record(result: TestResult): void {
    if (result.status === "fail" || result.status === "error") this.#failures++;
  }
  /** Whether the run has stopped. */
  get tripped(): boolean {
    return this.limit !== undefined && this.#failures >= this.limit;
  }
}

/** The reason a test the run did not start after `--bail` tripped is skipped with. */
export const BAIL_REASON = "--bail";

/** A result with status `skip` and the reason. */
export function skippedResult(prepared: PreparedTest, reason: string): TestResult {
  return { ...baseResult(prepared, 0), status: "skip", skipReason: reason };
}

/**
 * The result of a test that must not start, if any: skipped (its `skip:`, or a tripped `--bail`),
 * or an error once the run's `--timeout` has passed.
 */
export function notStarted(
  prepared: PreparedTest,
  bail?: BailState,
  deadline?: RunDeadline,
): TestResult | undefined {
  if (prepared.test.skip !== undefined) return skippedResult(prepared, prepared.test.skip);
  if (bail?.tripped) return skippedResult(prepared, BAIL_REASON);
  if (deadline?.expired) {
    return { ...baseResult(prepared, 0), status: "error", failure: { message: deadline.reason } };
  }
  return undefined;
}

/**
 * Run one test: a skipped test does not start; a failing one runs again up to its retries (the
 * test's `retries:`, else `defaultRetries`). A test that passes on a retry is `flaky`, with its
 * `attempts`; one that never passes reports its last attempt, with `attempts` when it ran more
 * than once.
 */
export async function runOne(
  session: Session,
  prepared: PreparedTest,
  options: ExecuteOptions & {
    readonly retries?: number;
    readonly bail?: BailState;
    readonly captures?: CaptureStore;
  },
): Promise<TestResult> {
  const captures = options.captures;
  const skipped = notStarted(prepared, options.bail, options.deadline);
  if (skipped) {
    captures?.record(prepared.test, skipped, undefined);
    return skipped;
  }
  if (captures && prepared.test.captureUses) {
    const filled = captures.apply(prepared);
    if ("reason" in filled) {
      const result: TestResult = {
        ...baseResult(prepared, 0),
        status: "error",
        failure: { message: filled.reason },
      };
      captures.record(prepared.test, result, undefined);
      return result;
    }
    prepared = filled;
  }
  let root: unknown;
  if (captures) options = { ...options, onRoot: (r) => (root = r) };
  const result = await attempt(session, prepared, options);
  captures?.record(prepared.test, result, root);
  return result;
}

async function attempt(
  session: Session,
  prepared: PreparedTest,
  options: ExecuteOptions & { readonly retries?: number; readonly deadline?: RunDeadline },
): Promise<TestResult> {
  const retries = prepared.test.retries ?? options.retries ?? 0;
  let result = await executeTest(session, prepared, options);
  let attempts = 1;
  let durationMs = result.durationMs;
  while (result.status !== "pass" && attempts <= retries && !options.deadline?.expired) {
    result = await executeTest(session, prepared, options);
    durationMs += result.durationMs;
    attempts++;
  }
  if (attempts === 1) return result;
  // The reported time is every attempt's; the checks are the last attempt's.
  const retried = { ...result, durationMs, attempts };
  return result.status === "pass" ? { ...retried, flaky: true as const } : retried;
}
