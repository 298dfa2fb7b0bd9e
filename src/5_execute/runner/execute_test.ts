/** @module Runs one prepared test over a live session and grades it into a TestResult. */

import { dirname } from "../../0_base/util/path.ts";
import type { AssertionResult, TestResult } from "../../4_record/run_record.ts";
import type { Session } from "../../2_connect/session/types.ts";
import type { Judge, MatchContext } from "../../1_matchers/types.ts";
import { gradeAssertion } from "./grade.ts";
import { runSequence, type SequenceRun } from "./run_sequence.ts";
import { evaluateBudgets } from "./budgets.ts";
import { requestFor } from "./call.ts";
import type { PreparedTest } from "./prepare.ts";
import { responseRoot } from "./response_root.ts";
import { requestTimeout, type RunDeadline } from "./run_deadline.ts";
import { protocolCall, serverRoot } from "./protocol_call.ts";
import { callFailure, gradeCall } from "./grade_call.ts";

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
  /** The judge of a test's `llm-judge` / `llm-jury` matchers (src/5_execute/agent/matcher_judges.ts). */
  readonly judgeFor?: (test: PreparedTest["test"]) => Judge;
}

/** Send the test's request (a sequence: its steps) and grade the response. */
export async function executeTest(
  session: Session,
  prepared: PreparedTest,
  options: ExecuteOptions,
): Promise<TestResult> {
  const grade = await callTest(session, prepared, options);
  return await grade();
}

/** What is left of a test once its calls are done: grading them into its result. */
export type Grading = () => Promise<TestResult>;

/**
 * The part of a test that talks to the server: its request (a sequence: its steps, which check as
 * they go) sent and answered. Once it resolves the test sends nothing more, and what it returns
 * grades the answer without the session (a runner may start the next test's calls first).
 */
export async function callTest(
  session: Session,
  prepared: PreparedTest,
  options: ExecuteOptions,
): Promise<Grading> {
  const { test } = prepared;
  // The test's own timeout_ms, else its server's; the run's --timeout only ever shortens it, so a
  // call that hangs early in a long run still gives up at the server's timeout_ms.
  const timeoutMs = requestTimeout(
    test.timeoutMs ?? session.server.timeoutMs,
    options.deadline?.remaining(),
  );
  const context = matchContextOf(test, options);
  if (test.call.kind === "sequence") {
    const ran = await runSequence(
      session,
      prepared,
      context,
      timeoutMs ?? session.server.timeoutMs,
    );
    return () => gradeSequence(session, prepared, ran, context, options);
  }
  const outcome = await protocolCall(
    session,
    test,
    requestFor(test.call),
    timeoutMs === undefined ? {} : {
      timeoutMs,
    },
  );
  const server = serverRoot(session);
  const kind = session.server.target.kind;
  return async () => {
    const { exchange } = outcome;
    const base = baseResult(prepared, exchange.durationMs);
    const failure = callFailure(outcome);
    if (failure !== undefined) return { ...base, status: "error", failure: { message: failure } };
    const root = { ...outcome.roots, ...responseRoot(exchange), server };
    options.onRoot?.(root);
    const assertions = await gradeCall(prepared, outcome, root, context);
    const budgets = evaluateBudgets(test.budgets, exchange, kind);
    return finished(base, assertions, budgets);
  };
}

/** The matcher context of a test: its folder (snapshots), CI, secrets, the judge of its llm matchers. */
function matchContextOf(test: PreparedTest["test"], options: ExecuteOptions): MatchContext {
  return {
    suiteDir: dirname(test.file),
    updateSnapshots: options.updateSnapshots,
    ci: options.ci ?? false,
    ...(options.secrets ? { secrets: options.secrets } : {}),
    ...(options.judgeFor ? { judge: options.judgeFor(test) } : {}),
  };
}

/** A sequence's result: its steps' checks, then its own `expect:` on `steps`, `notifications`, `server`. */
async function gradeSequence(
  session: Session,
  prepared: PreparedTest,
  ran: SequenceRun,
  context: MatchContext,
  options: ExecuteOptions,
): Promise<TestResult> {
  const base = baseResult(prepared, ran.durationMs);
  const root = { ...ran.root, server: serverRoot(session) };
  options.onRoot?.(root);
  const assertions = [...ran.checks];
  for (const item of prepared.assertions) {
    assertions.push(await gradeAssertion(item, root, context));
  }
  const budgets = [
    ...ran.budgets,
    ...evaluateBudgets(
      prepared.test.budgets,
      { ...ran.exchange, durationMs: ran.durationMs },
      session.server.target.kind,
    ),
  ];
  const result = finished(base, assertions, budgets);
  return ran.failure ? { ...result, status: "error", failure: { message: ran.failure } } : result;
}

function finished(
  base: TestResult,
  assertions: AssertionResult[],
  budgets: TestResult["budgets"],
): TestResult {
  const failed = assertions.some((a) => a.status !== "pass") ||
    budgets.some((b) => b.status === "fail");
  // A result lives as long as the run: its lists hold their entries only (a pushed array keeps
  // room for 17), and a test without budgets shares one empty list.
  return {
    ...base,
    status: failed ? "fail" : "pass",
    assertions: assertions.slice(),
    budgets: budgets.length === 0 ? NO_RESULTS : budgets,
  };
}

/** The one empty list of checks every result without any shares. */
const NO_RESULTS: readonly never[] = Object.freeze([]);

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
    assertions: NO_RESULTS,
    budgets: NO_RESULTS,
  };
}
