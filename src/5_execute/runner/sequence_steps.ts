/** @module What each kind of sequence step does on the session: a request graded like a test, a notification, a wait for a notification, a subscription, a change of roots. */

import type { Step } from "../../3_load/config/steps_block.ts";
import type { AssertionResult, BudgetResult } from "../../4_record/run_record.ts";
import { evaluateBudgets } from "./budgets.ts";
import type { Exchange, Session } from "../../2_connect/session/types.ts";
import type { ClientSpec } from "../../2_connect/session/client_spec.ts";
import type { MatchContext } from "../../1_matchers/types.ts";
import { compileMatcher } from "../../1_matchers/registry.ts";
import { parseTarget, resolveTarget } from "../../1_matchers/target_path.ts";
import { matchTarget } from "../../1_matchers/apply.ts";
import { findRevision } from "../../0_base/protocol/revisions.ts";
import { McptestError } from "../../0_base/errors/errors.ts";
import { effectiveClient } from "../../3_load/config/client_block.ts";
import { requestFor } from "./call.ts";
import { gradeAssertion } from "./grade.ts";
import { prepareTests } from "./prepare.ts";
import { responseRoot } from "./response_root.ts";
import { protocolCall } from "./protocol_call.ts";
import { callFailure, gradeCall } from "./grade_call.ts";
import type { NotificationInbox } from "./notification_inbox.ts";

/** What a sequence shares between its steps. */
export interface SequenceState {
  readonly session: Session & { withClient?: (spec: ClientSpec) => () => void };
  readonly inbox: NotificationInbox;
  readonly context: MatchContext;
  /** Each step's timeout (a request, or a wait). */
  readonly timeoutMs: number;
  /** The bound of a stream kept open across steps (`subscribe:` on 2026): every step's, summed. */
  readonly streamTimeoutMs: number;
  /** The client the sequence answers with (its `client:` over its server's); `roots:` changes it. */
  client: ClientSpec | undefined;
  /** Puts the session's previous client back (set once the sequence changed it). */
  restoreClient?: () => void;
  /** URIs subscribed with resources/subscribe (revisions up to 2025-11-25). */
  subscribed: string[];
  /** The open `subscriptions/listen` stream (2026-07-28). */
  listen?: { readonly stop: AbortController; readonly done: Promise<Exchange> } | undefined;
}

/** What one step came to. */
export interface StepOutcome {
  /** The step's target (`steps[N]`). */
  readonly root: Record<string, unknown>;
  /** Its checks (targets relative to `steps[N]`, prefixed by the caller). */
  readonly checks: readonly AssertionResult[];
  /** Why it could not be carried out (the sequence stops with an error). */
  readonly error?: string;
  /** The request's exchange, for a request step. */
  readonly exchange?: Exchange;
  /** The request step's budgets (`expect:` of the step), evaluated on its exchange. */
  readonly budgets?: readonly BudgetResult[];
}

/** Carry out one step (its capture markers already filled). */
export function runStep(step: Step, state: SequenceState): Promise<StepOutcome> {
  switch (step.action) {
    case "call":
      return callStep(step.test, state);
    case "notify":
      return notifyStep(step.method, step.params, state);
    case "await":
      return awaitStep(step, state);
    case "subscribe":
      return subscribeStep(step.resources, step.lists, state);
    case "unsubscribe":
      return unsubscribeAll(state);
    case "roots":
      return rootsStep(step.roots, state);
  }
}

async function callStep(
  test: Extract<Step, { action: "call" }>["test"],
  state: SequenceState,
): Promise<StepOutcome> {
  const prepared = prepareTests({ files: [], servers: {}, tests: [test], secrets: [] })[0]!;
  const outcome = await protocolCall(state.session, test, requestFor(test.call), {
    timeoutMs: test.timeoutMs ?? state.timeoutMs,
  });
  const { exchange } = outcome;
  const error = callFailure(outcome);
  if (error !== undefined) return { root: { ...outcome.roots }, checks: [], error, exchange };
  const root = { ...outcome.roots, ...responseRoot(exchange) };
  const checks = await gradeCall(prepared, outcome, root, state.context);
  const budgets = evaluateBudgets(test.budgets, exchange, state.session.server.target.kind);
  return { root, checks, exchange, budgets };
}

async function notifyStep(
  method: string,
  params: Readonly<Record<string, unknown>> | undefined,
  state: SequenceState,
): Promise<StepOutcome> {
  const sent = { method, ...(params === undefined ? {} : { params }) };
  try {
    await state.session.notify(method, params === undefined ? undefined : { ...params });
  } catch (error) {
    return { root: { sent }, checks: [], error: `${method}: ${(error as Error).message}` };
  }
  return { root: { sent }, checks: [] };
}

async function awaitStep(
  step: Extract<Step, { action: "await" }>,
  state: SequenceState,
): Promise<StepOutcome> {
  const conditions = step.where.map((c) => ({
    path: parseTarget(c.target),
    matcher: compileMatcher(c.matcher),
  }));
  let problem: string | undefined;
  const got = await state.inbox.take(step.method, async (candidate) => {
    try {
      for (const { path, matcher } of conditions) {
        const outcome = await matchTarget(matcher, candidate, path, state.context);
        if (!outcome.pass) return false;
      }
      return true;
    } catch (error) {
      // A refusal of the run (a snapshot write under CI) stays one, as in any assertion.
      if (error instanceof McptestError && error.exitCode !== 1) throw error;
      // A condition that cannot run matches nothing; the step's error says why.
      problem ??= (error as Error).message;
      return false;
    }
  }, state.timeoutMs);
  if ("reason" in got) {
    const error = problem === undefined
      ? got.reason
      : `${got.reason} (a where: condition could not run: ${problem})`;
    return { root: {}, checks: [], error };
  }
  const root = { notification: got.found, index: got.index };
  const checks: AssertionResult[] = [];
  for (const assertion of step.assertions) {
    const target = parseTarget(assertion.target);
    const item = { assertion, target, matcher: compileMatcher(assertion.matcher) };
    checks.push(await gradeAssertion(item, root, state.context));
  }
  return { root, checks };
}

/** The value at `target` of a step's root, for `capture:` (undefined with the reason when missing). */
export function captureFrom(
  root: unknown,
  target: string,
): { value: unknown } | { reason: string } {
  const resolved = resolveTarget(root, parseTarget(target));
  return resolved.found
    ? { value: resolved.value }
    : { reason: `${target} not found at ${resolved.missingAt} (${resolved.reason})` };
}

async function subscribeStep(
  resources: readonly string[],
  lists: readonly string[],
  state: SequenceState,
): Promise<StepOutcome> {
  const { session } = state;
  if (findRevision(session.protocolVersion)?.lifecycle === "stateless") {
    return await listenStep(resources, lists, state);
  }
  const results: unknown[] = [];
  for (const uri of resources) {
    const exchange = await session.request("resources/subscribe", { uri }, {
      timeoutMs: state.timeoutMs,
    });
    const root = responseRoot(exchange);
    results.push(root.result);
    const problem = exchange.failure?.message ??
      (exchange.response?.error ? JSON.stringify(exchange.response.error) : undefined);
    if (problem !== undefined) {
      return { root: { results }, checks: [], error: `resources/subscribe ${uri}: ${problem}` };
    }
    state.subscribed.push(uri);
  }
  return { root: { results, wire: "resources/subscribe" }, checks: [] };
}

const ACKNOWLEDGED = "notifications/subscriptions/acknowledged";

/** 2026-07-28: one `subscriptions/listen` stream, open until `unsubscribe:` or the sequence ends. */
async function listenStep(
  resources: readonly string[],
  lists: readonly string[],
  state: SequenceState,
): Promise<StepOutcome> {
  if (state.listen) {
    return { root: {}, checks: [], error: "already subscribed: unsubscribe: first" };
  }
  const filter: Record<string, unknown> = {
    ...(resources.length > 0 ? { resourceSubscriptions: [...resources] } : {}),
    ...(lists.includes("tools") ? { toolsListChanged: true } : {}),
    ...(lists.includes("prompts") ? { promptsListChanged: true } : {}),
    ...(lists.includes("resources") ? { resourcesListChanged: true } : {}),
  };
  const stop = new AbortController();
  const done = state.session.request("subscriptions/listen", { notifications: filter }, {
    // The stream stays open for the rest of the sequence: at most every step's bound.
    timeoutMs: state.streamTimeoutMs,
    signal: stop.signal,
  });
  state.listen = { stop, done };
  const ack = await state.inbox.take(ACKNOWLEDGED, () => Promise.resolve(true), state.timeoutMs);
  if ("reason" in ack) {
    return { root: { filter }, checks: [], error: `subscriptions/listen: ${ack.reason}` };
  }
  return {
    root: { filter, acknowledged: ack.found.params ?? {}, wire: "subscriptions/listen" },
    checks: [],
  };
}

/** End every subscription of the sequence (also run when it ends). */
export async function unsubscribeAll(state: SequenceState): Promise<StepOutcome> {
  const results: unknown[] = [];
  const listen = state.listen;
  if (listen) {
    state.listen = undefined;
    listen.stop.abort();
    await listen.done;
  }
  for (const uri of state.subscribed.splice(0)) {
    const exchange = await state.session.request("resources/unsubscribe", { uri }, {
      timeoutMs: state.timeoutMs,
    });
    results.push(responseRoot(exchange).result);
  }
  return { root: { results, ended: listen !== undefined || results.length > 0 }, checks: [] };
}

async function rootsStep(
  roots: Extract<Step, { action: "roots" }>["roots"],
  state: SequenceState,
): Promise<StepOutcome> {
  const { session } = state;
  if (!session.withClient) {
    return { root: {}, checks: [], error: "this session cannot change the client's roots" };
  }
  const current = effectiveClient(session.server.client, state.client) ?? { capabilities: {} };
  const next: ClientSpec = {
    ...current,
    // Giving roots answers roots/list with them (what the handshake declared stays declared).
    capabilities: { ...current.capabilities, roots: { listChanged: true } },
    roots: [...roots],
  };
  const restore = session.withClient(next);
  state.restoreClient ??= restore;
  state.client = next;
  return await notifyStep("notifications/roots/list_changed", undefined, state).then((sent) => ({
    ...sent,
    root: { roots: [...roots], ...sent.root },
  }));
}
