/** @module Runs a `sequences:` test: its steps in order on one session, each step's captures filled into the later ones; the targets `steps`, `notifications` and `logs`. */

import type { Step } from "../../3_load/config/steps_block.ts";
import type { AssertionResult, BudgetResult } from "../../4_record/run_record.ts";
import type { Exchange, Session } from "../../2_connect/session/types.ts";
import type { MatchContext } from "../../1_matchers/types.ts";
import { effectiveClient } from "../../3_load/config/client_block.ts";
import { CAPTURE_MARKER } from "../../3_load/config/captures.ts";
import { substitute } from "./captures_run.ts";
import type { PreparedTest } from "./prepare.ts";
import { NotificationInbox } from "./notification_inbox.ts";
import {
  captureFrom,
  runStep,
  type SequenceState,
  type StepOutcome,
  unsubscribeAll,
} from "./sequence_steps.ts";

/** What a sequence came to, before its own `expect:` is graded. */
export interface SequenceRun {
  /** `steps` (each step's target), `notifications` and `logs` (everything the server sent meanwhile). */
  readonly root: Record<string, unknown>;
  /** Every step's checks, targets prefixed `steps[N].`. */
  readonly checks: readonly AssertionResult[];
  /** The request steps' budgets, in step order. */
  readonly budgets: readonly BudgetResult[];
  /** From the first step to the last. */
  readonly durationMs: number;
  /** The last request's exchange (budgets). */
  readonly exchange: Exchange;
  /** Why a step could not be carried out (the steps after it did not run). */
  readonly failure?: string;
}

/**
 * Run the steps of `prepared` (a sequence) in order. A step that cannot be carried out (no answer,
 * a wait that ends without its notification, a capture that was not set) stops the sequence with
 * an error naming it; a step whose checks fail does not stop it.
 * @param timeoutMs each step's bound (a request, or a wait for a notification)
 */
export async function runSequence(
  session: Session,
  prepared: PreparedTest,
  context: MatchContext,
  timeoutMs: number,
): Promise<SequenceRun> {
  const test = prepared.test;
  const steps = test.call.kind === "sequence" ? test.call.steps : [];
  const started = performance.now();
  if (!session.watch) {
    return failed(started, "this session cannot watch notifications (a sequence needs it)");
  }
  const inbox = new NotificationInbox(session as Session & Required<Pick<Session, "watch">>);
  const state: SequenceState = {
    session,
    inbox,
    context,
    timeoutMs,
    streamTimeoutMs: timeoutMs * steps.length,
    client: test.client,
    subscribed: [],
  };
  const live = session as SequenceState["session"];
  const client = test.client ? effectiveClient(session.server.client, test.client) : undefined;
  if (client && live.withClient) state.restoreClient = live.withClient(client);
  const roots: Record<string, unknown>[] = [];
  const checks: AssertionResult[] = [];
  const budgets: BudgetResult[] = [];
  let exchange: Exchange | undefined;
  let failure: string | undefined;
  try {
    const locals = new Map<string, unknown>();
    for (const [i, raw] of steps.entries()) {
      const step = filled(raw, locals);
      const outcome = "reason" in step
        ? { root: {}, checks: [], error: step.reason }
        : await runStep(step, state);
      roots.push(outcome.root);
      checks.push(...outcome.checks.map((c) => ({ ...c, target: `steps[${i}].${c.target}` })));
      exchange = outcome.exchange ?? exchange;
      budgets.push(...outcome.budgets ?? []);
      if (outcome.error !== undefined) {
        failure = `step ${i + 1} (${raw.name}): ${outcome.error}`;
        break;
      }
      setCaptures(raw, outcome, locals, outcome.checks.some((c) => c.status !== "pass"));
    }
  } finally {
    // Whatever happened, what the sequence subscribed to ends with it.
    await unsubscribeAll(state).catch(() => {});
    inbox.close();
    state.restoreClient?.();
  }
  const notifications = inbox.received;
  const logs = notifications.filter((n) => n.method === "notifications/message").map((n) =>
    n.params
  );
  return {
    root: { steps: roots, notifications, logs },
    checks,
    budgets,
    durationMs: performance.now() - started,
    exchange: exchange ?? placeholder(),
    ...(failure !== undefined ? { failure } : {}),
  };
}

/** A step with the captures of earlier steps filled in, or why it cannot run. */
function filled(step: Step, locals: ReadonlyMap<string, unknown>): Step | { reason: string } {
  const text = JSON.stringify(step);
  if (!text.includes("\u{F8FF}")) return step;
  const out = substitute(step, locals) as Step;
  const left = new RegExp(CAPTURE_MARKER.source, "u").exec(JSON.stringify(out));
  return left ? { reason: `capture "${left[1]}" was not set by an earlier step` } : out;
}

/** Keep the step's `capture:` values for the later steps (a capture of a failing step is not set). */
function setCaptures(
  step: Step,
  outcome: StepOutcome,
  locals: Map<string, unknown>,
  failing: boolean,
): void {
  const capture = step.action === "call"
    ? step.test.capture
    : step.action === "await"
    ? step.capture
    : undefined;
  if (!capture || failing) return;
  for (const [name, target] of Object.entries(capture)) {
    const got = captureFrom(outcome.root, target);
    if ("value" in got) locals.set(name, got.value);
  }
}

function failed(started: number, failure: string): SequenceRun {
  return {
    root: { steps: [], notifications: [], logs: [] },
    checks: [],
    budgets: [],
    durationMs: performance.now() - started,
    exchange: placeholder(),
    failure,
  };
}

function placeholder(): Exchange {
  return { request: { jsonrpc: "2.0", method: "" }, durationMs: 0, notifications: [] };
}
