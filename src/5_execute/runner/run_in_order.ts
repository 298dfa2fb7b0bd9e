/** @module One server's tests one at a time, in file order, each test's calls sent while the test before it is graded (the server sees the same requests in the same order). */

import type { TestResult } from "../../4_record/run_record.ts";
import type { Session } from "../../2_connect/session/types.ts";
import { callTest, type ExecuteOptions, type Grading } from "./execute_test.ts";
import type { PreparedTest } from "./prepare.ts";
import { notStarted, runOne } from "./run_one.ts";

/** What the run passes down: the test options and the default retries (`--retries`). */
export type InOrderOptions = ExecuteOptions & { readonly retries?: number };

/**
 * Run `tests` one at a time in their order, as `runOne` would, `finish` called with each result in
 * that order. A test's calls start once the calls of the test before it are done, not once that
 * test is graded: grading (matchers, budgets, the result) needs no server, so the server works
 * on the next request meanwhile. Requests still go out strictly one after the other, each after
 * the answer before it, so what the server sees, and every verdict, is what a plain sequential
 * run gives. A test that may run again (`retries:`, `--retries`) is graded before the next one
 * starts, so its retry comes before the next test's request. The caller uses this only where no
 * test depends on another's verdict: not with `--bail` (a failure must stop the next test from
 * starting) nor with captures (a value taken by one test is used by the next).
 */
export async function runInOrder(
  session: Session,
  tests: readonly PreparedTest[],
  options: InOrderOptions,
  finish: (result: TestResult) => TestResult,
): Promise<TestResult[]> {
  const results: TestResult[] = [];
  let ahead: Promise<Grading> | undefined;
  try {
    for (let i = 0; i < tests.length; i++) {
      const test = tests[i]!;
      if (mayRunAgain(test, options)) {
        results.push(finish(await runOne(session, test, options)));
        continue;
      }
      const grade = await (ahead ?? start(session, test, options));
      ahead = undefined;
      const next = tests[i + 1];
      if (next !== undefined && !mayRunAgain(next, options)) {
        ahead = start(session, next, options);
        // Awaited on the next turn of the loop; until then a failure must not count as unhandled
        // (grading this test may take several turns of the event loop).
        ahead.catch(() => {});
      }
      results.push(finish(await grade()));
    }
  } finally {
    // A grading that threw leaves the next test's calls in flight: they end before the run does.
    await ahead?.catch(() => {});
  }
  return results;
}

/** Whether a failing test would run again (its `retries:`, else `--retries`). */
function mayRunAgain(prepared: PreparedTest, options: InOrderOptions): boolean {
  return (prepared.test.retries ?? options.retries ?? 0) > 0;
}

/** A test's calls started (or the result of a test that must not start: `skip:`, `--timeout`). */
function start(
  session: Session,
  prepared: PreparedTest,
  options: InOrderOptions,
): Promise<Grading> {
  const skipped = notStarted(prepared, undefined, options.deadline);
  return skipped
    ? Promise.resolve(() => Promise.resolve(skipped))
    : callTest(session, prepared, options);
}
