/** @module Runs one prepared test over a live session and grades it into a TestResult. */

import { dirname } from "node:path";
import type { AssertionResult, Status, TestResult } from "../../4_record/run_record.ts";
import type { Session } from "../../2_connect/session/types.ts";
import { expectedOf, matchTarget } from "../../1_matchers/apply.ts";
import type { MatchContext } from "../../1_matchers/types.ts";
import { McptestError } from "../../0_base/errors/errors.ts";
import { evaluateBudgets } from "./budgets.ts";
import { requestFor } from "./call.ts";
import { errorVerdict } from "./error_verdict.ts";
import type { PreparedAssertion, PreparedTest } from "./prepare.ts";
import { responseRoot } from "./response_root.ts";
import { requestTimeout, type RunDeadline } from "./run_deadline.ts";
import { protocolCall, unscriptedResults } from "./protocol_call.ts";

/** Run-wide options a test needs. */
export interface ExecuteOptions {
  readonly updateSnapshots: boolean;
  /** Under CI=true snapshot writes are refused. */
  readonly ci?: boolean;
  /** Resolved secrets, kept out of snapshot files. */
  readonly secrets?: readonly string[];
  /** The whole run's `--timeout`: caps the request's timeout with the time left. */
  readonly deadline?: RunDeadline;
  /** Receives the response root (`result`, `http`) the assertions saw, for `capture:`. */
  readonly onRoot?: (root: unknown) => void;
}

/** Send the test's request and grade the response. */
export async function executeTest(
  session: Session,
  prepared: PreparedTest,
  options: ExecuteOptions,
): Promise<TestResult> {
  const { test } = prepared;
  const plan = requestFor(test.call);
  // The test's own timeout_ms, else its server's; the run's --timeout only ever shortens it, so a
  // call that hangs early in a long run still gives up at the server's timeout_ms.
  const timeoutMs = requestTimeout(
    test.timeoutMs ?? session.server.timeoutMs,
    options.deadline?.remaining(),
  );
  const outcome = await protocolCall(
    session,
    test,
    plan,
    timeoutMs === undefined ? {} : {
      timeoutMs,
    },
  );
  const { exchange } = outcome;
  const base = baseResult(prepared, exchange.durationMs);
  if (outcome.failure || exchange.failure || !exchange.response) {
    const message = outcome.failure ?? exchange.failure?.message ?? "no response";
    return { ...base, status: "error", failure: { message } };
  }
  const context: MatchContext = {
    suiteDir: dirname(test.file),
    updateSnapshots: options.updateSnapshots,
    ci: options.ci ?? false,
    ...(options.secrets ? { secrets: options.secrets } : {}),
  };
  const root = { ...outcome.roots, ...responseRoot(exchange) };
  options.onRoot?.(root);
  const assertions: AssertionResult[] = unscriptedResults(outcome, test);
  const verdict = errorVerdict(prepared, exchange.response);
  if (verdict) assertions.push(verdict);
  for (const item of prepared.assertions) assertions.push(await grade(item, root, context));
  const budgets = evaluateBudgets(test.budgets, exchange, session.server.target.kind);
  const failed = assertions.some((a) => a.status !== "pass") ||
    budgets.some((b) => b.status === "fail");
  return { ...base, status: failed ? "fail" : "pass", assertions, budgets };
}

/** The result of a test whose server could not be reached; `durationMs`: how long the attempt took. */
export function connectionFailedResult(
  prepared: PreparedTest,
  failure: { layer?: import("../../2_connect/transport/types.ts").FailureLayer; message: string },
  durationMs = 0,
): TestResult {
  return { ...baseResult(prepared, durationMs), status: "error", failure };
}

/** The result of a test before its verdict: its identity and place, status `pass`, no checks. */
export function baseResult(prepared: PreparedTest, durationMs: number): TestResult {
  const { test } = prepared;
  return {
    id: test.id,
    name: test.name,
    kind: test.kind,
    server: test.serverKey,
    file: test.file,
    line: test.pos.line,
    col: test.pos.col,
    status: "pass",
    durationMs: Math.round(durationMs),
    assertions: [],
    budgets: [],
  };
}

async function grade(
  item: PreparedAssertion,
  root: unknown,
  context: MatchContext,
): Promise<AssertionResult> {
  const { assertion, matcher } = item;
  const at = {
    target: assertion.target,
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
