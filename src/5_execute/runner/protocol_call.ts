/** @module A test's request with its protocol options: its own client scripts, `log_level:`, a progress token, a task, input rounds, every page; and the protocol targets it draws (`notifications`, `progress`, `logs`, `server_requests`, `rounds`, `task`, `pages`). */

import { basename } from "../../0_base/util/path.ts";
import type { TestCase } from "../../3_load/config/types.ts";
import type { AssertionResult } from "../../4_record/run_record.ts";
import type { Exchange, RequestOptions, Session } from "../../2_connect/session/types.ts";
import type { JsonRpcMessage } from "../../0_base/protocol/jsonrpc.ts";
import type { ServerRequestRecord } from "../../2_connect/session/client_responder.ts";
import type { ClientSpec } from "../../2_connect/session/client_spec.ts";
import {
  type AnsweringSession,
  type InputRound,
  MAX_INPUT_ROUNDS,
  requestWithInput,
} from "../../2_connect/session/input_rounds.ts";
import { callAsTask, type TaskRun } from "../../2_connect/session/tasks.ts";
import { effectiveClient } from "../../3_load/config/client_block.ts";
import type { RequestPlan } from "./call.ts";
import { followPages } from "./pages.ts";

/** The target roots every test may use besides `result` and `http`. */
export const PROTOCOL_TARGET_ROOTS: readonly string[] = [
  "notifications",
  "logs",
  "server_requests",
  "rounds",
  "server",
];

/** The roots of a test with no protocol options that is no sequence (most tests), by base. */
const plainRoots = new WeakMap<readonly string[], readonly string[]>();

/** The target roots test `test` may start at (`progress`, `task`, `pages` only when asked for). */
export function targetRootsOf(test: TestCase, base: readonly string[]): readonly string[] {
  const protocol = test.protocol;
  if (protocol === undefined && test.call.kind !== "sequence") {
    let roots = plainRoots.get(base);
    if (!roots) plainRoots.set(base, roots = [...base, ...PROTOCOL_TARGET_ROOTS]);
    return roots;
  }
  return [
    ...base,
    ...PROTOCOL_TARGET_ROOTS,
    ...(protocol?.progress ? ["progress"] : []),
    ...(protocol?.task ? ["task"] : []),
    ...(protocol?.allPages ? ["pages"] : []),
    ...(protocol?.cancelOn !== undefined ? ["cancelled"] : []),
    ...(test.call.kind === "sequence" ? ["steps"] : []),
  ];
}

/**
 * The target `server`: what the session's handshake established (`protocol_version`,
 * `capabilities` with any `extensions`, `info`), the same for every test of the session.
 */
export function serverRoot(session: Session): Record<string, unknown> {
  return {
    protocol_version: session.protocolVersion,
    capabilities: session.serverCapabilities ?? {},
    info: session.serverInfo ?? {},
  };
}

/** What a test's request came to: the exchange to grade and the protocol targets beside `result`. */
export interface ProtocolOutcome {
  /** The exchange graded (for a task: the creating call with the task's final result). */
  readonly exchange: Exchange;
  /** The protocol target roots (`notifications`, `server_requests`, ...). */
  readonly roots: Record<string, unknown>;
  /** Server requests the client scripts did not cover (each fails the test). */
  readonly unscripted: readonly ServerRequestRecord[];
  /** Why the request could not be carried out (the test errors). */
  readonly failure?: string;
}

type ClientSession = Session & {
  withClient?: (spec: ClientSpec) => () => void;
  answerServerRequest?: AnsweringSession["answerServerRequest"];
};

/**
 * The `progressToken` of a test's request: from its file's name, kind and name (not the working
 * directory), so a replayed request matches its recording wherever the run starts.
 */
export function progressTokenOf(test: TestCase): string {
  return `mcptest:${basename(test.file)}::${test.kind}::${test.name}`;
}

/**
 * Send the test's request with its protocol options and collect what the protocol drew.
 * @param options the request options (timeout)
 */
export async function protocolCall(
  session: Session,
  test: TestCase,
  plan: RequestPlan,
  options: RequestOptions,
): Promise<ProtocolOutcome> {
  const live = session as ClientSession;
  const client = test.client ? effectiveClient(session.server.client, test.client) : undefined;
  const restore = client && live.withClient ? live.withClient(client) : undefined;
  try {
    const level = test.protocol?.logLevel;
    if (level !== undefined) {
      const set = await session.request("logging/setLevel", { level }, options);
      const problem = set.failure?.message ??
        (set.response?.error ? JSON.stringify(set.response.error) : undefined);
      if (problem !== undefined) {
        return {
          exchange: set,
          roots: {},
          unscripted: [],
          failure: `logging/setLevel: ${problem}`,
        };
      }
    }
    return await dispatch(live, test, plan, options);
  } finally {
    restore?.();
  }
}

async function dispatch(
  session: ClientSession,
  test: TestCase,
  plan: RequestPlan,
  options: RequestOptions,
): Promise<ProtocolOutcome> {
  const protocol = test.protocol ?? {};
  const cancelOn = protocol.cancelOn;
  if (cancelOn !== undefined) {
    options = { ...options, until: (n) => (n as { method?: unknown }).method === cancelOn };
  }
  const outcome = await send(session, test, plan, options);
  return cancelOn === undefined ? outcome : cancelledOutcome(outcome);
}

/** A `cancel:` request's outcome: stopped on its event is what it asked for (target `cancelled`). */
function cancelledOutcome(outcome: ProtocolOutcome): ProtocolOutcome {
  const { exchange } = outcome;
  if (exchange.failure?.kind !== "stopped") {
    return { ...outcome, roots: { ...outcome.roots, cancelled: { sent: false } } };
  }
  const after = exchange.notifications.at(-1);
  const { failure: _stopped, ...graded } = exchange;
  return {
    ...outcome,
    exchange: graded,
    roots: {
      ...outcome.roots,
      cancelled: { sent: true, ...(after ? { after: notificationView(after) } : {}) },
    },
  };
}

async function send(
  session: ClientSession,
  test: TestCase,
  plan: RequestPlan,
  options: RequestOptions,
): Promise<ProtocolOutcome> {
  const protocol = test.protocol ?? {};
  const params: Record<string, unknown> = { ...plan.params };
  if (protocol.progress) params._meta = { progressToken: progressTokenOf(test) };
  if (protocol.cursor !== undefined) params.cursor = protocol.cursor;
  if (protocol.task && test.call.kind === "tool" && session.answerServerRequest) {
    const run = await callAsTask(session as AnsweringSession, test.call.tool, test.call.args, {
      timeoutMs: options.timeoutMs ?? session.server.timeoutMs,
      ...(protocol.task.ttlMs !== undefined ? { ttlMs: protocol.task.ttlMs } : {}),
      ...(protocol.task.cancel ? { cancel: true } : {}),
    });
    return taskOutcome(run, test);
  }
  if (protocol.allPages) {
    const pages = await followPages(session, plan.method, params, options);
    const outcome = outcomeOf(pages.exchange, test, [], pages.exchanges);
    return {
      ...outcome,
      roots: { ...outcome.roots, pages: pages.pages },
      ...(pages.failure ? { failure: pages.failure } : {}),
    };
  }
  if (session.answerServerRequest && test.call.kind !== "list") {
    const done = await requestWithInput(session as AnsweringSession, plan.method, params, options);
    const outcome = outcomeOf(done.exchange, test, done.rounds);
    return done.exhausted
      ? {
        ...outcome,
        failure: `the server still asked for input after ${MAX_INPUT_ROUNDS} rounds (a loop?)`,
      }
      : outcome;
  }
  return outcomeOf(await session.request(plan.method, params, options), test, []);
}

/** The protocol roots of a request that drew nothing but its response: one frozen value for all. */
const QUIET_ROOTS: Readonly<Record<string, unknown>> = Object.freeze({
  notifications: Object.freeze([]),
  logs: Object.freeze([]),
  server_requests: Object.freeze([]),
  rounds: Object.freeze([]),
});

/** No server request. */
const NO_RECORDS: readonly ServerRequestRecord[] = Object.freeze([]);

/** The server requests the exchanges drew, then the answers of the input rounds (or of a task). */
function serverRequestsOf(
  exchanges: readonly Exchange[],
  answers: readonly ServerRequestRecord[],
): readonly ServerRequestRecord[] {
  const drawn = exchanges.flatMap((e) => e.serverRequests ?? []);
  return drawn.length === 0 && answers.length === 0 ? NO_RECORDS : [...drawn, ...answers];
}

/** The server requests no `client:` script answered. */
function unscriptedOf(records: readonly ServerRequestRecord[]): readonly ServerRequestRecord[] {
  return records.length === 0 ? NO_RECORDS : records.filter((r) => r.kind === "unscripted");
}

function outcomeOf(
  exchange: Exchange,
  test: TestCase,
  rounds: readonly InputRound[],
  exchanges: readonly Exchange[] = [exchange],
): ProtocolOutcome {
  const records = serverRequestsOf(exchanges, rounds.flatMap((r) => r.answers));
  return {
    exchange,
    roots: rootsOf(exchanges, test, rounds, records),
    unscripted: unscriptedOf(records),
  };
}

function taskOutcome(run: TaskRun, test: TestCase): ProtocolOutcome {
  const exchanges = [run.create, ...run.polls];
  const records = serverRequestsOf(exchanges, run.answers);
  const last = run.statuses.at(-1);
  const task = {
    ...(run.taskId !== undefined ? { id: run.taskId } : {}),
    created: run.taskId !== undefined,
    ...(last !== undefined ? { status: last } : {}),
    statuses: run.statuses,
    polls: run.polls.length,
    ...(run.cancelled ? { cancel: responseOf(run.cancelled) } : {}),
    ...(run.result !== undefined ? { result: run.result } : {}),
    ...(run.error !== undefined ? { error: run.error } : {}),
  };
  const response = run.create.response && {
    jsonrpc: "2.0" as const,
    id: run.create.response.id,
    ...(run.error !== undefined
      ? { error: run.error as { code: number; message: string } }
      : { result: run.result ?? null }),
  };
  const exchange: Exchange = { ...run.create, ...(response ? { response } : {}) };
  return {
    exchange,
    roots: { ...rootsOf(exchanges, test, [], records), task },
    unscripted: unscriptedOf(records),
    ...(run.stopped !== undefined ? { failure: run.stopped } : {}),
  };
}

function responseOf(exchange: Exchange): unknown {
  const response = exchange.response;
  if (!response) return { failure: exchange.failure?.message ?? "no response" };
  return response.error !== undefined ? { error: response.error } : { result: response.result };
}

/** The protocol roots of the exchanges a test drew (`records`: their {@link serverRequestsOf}). */
function rootsOf(
  exchanges: readonly Exchange[],
  test: TestCase,
  rounds: readonly InputRound[],
  records: readonly ServerRequestRecord[],
): Readonly<Record<string, unknown>> {
  const quiet = records.length === 0 && rounds.length === 0 && !test.protocol?.progress;
  // Most requests draw only their response: one frozen set of empty roots serves all of them.
  if (quiet && exchanges.every((e) => e.notifications.length === 0)) return QUIET_ROOTS;
  const notifications = exchanges.flatMap((e) => e.notifications).map(notificationView);
  return {
    notifications,
    logs: notifications.filter((n) => n.method === "notifications/message").map((n) => n.params),
    server_requests: records.map(requestView),
    rounds: rounds.map((r) => ({
      input_requests: r.inputRequests,
      input_responses: r.inputResponses,
      request_state: r.requestState,
    })),
    ...(test.protocol?.progress
      ? {
        progress: notifications
          .filter((n) => n.method === "notifications/progress")
          .map((n) => n.params as Record<string, unknown> | undefined)
          .filter((p) => p?.progressToken === progressTokenOf(test)),
      }
      : {}),
  };
}

function notificationView(message: JsonRpcMessage): { method: string; params?: unknown } {
  const { method, params } = message as { method?: unknown; params?: unknown };
  return { method: String(method), ...(params === undefined ? {} : { params }) };
}

/** A server request as a target: `{method, params, reply, kind}` (`reply`: the result or `{error}`). */
function requestView(record: ServerRequestRecord): Record<string, unknown> {
  return {
    method: record.request.method,
    ...(record.request.params === undefined ? {} : { params: record.request.params }),
    reply: "result" in record.reply ? record.reply.result : { error: record.reply.error },
    kind: record.kind,
    ...(record.detail !== undefined ? { detail: record.detail } : {}),
  };
}

/**
 * One failing check per server request the test's client scripts did not cover: the capability is
 * declared but no scripted reply matched, so the server got an error it did not ask for.
 */
export function unscriptedResults(outcome: ProtocolOutcome, test: TestCase): AssertionResult[] {
  return outcome.unscripted.map((record) => ({
    target: "server_requests",
    matcher: "scripted",
    status: "fail" as const,
    expected: `a scripted reply to ${record.request.method}`,
    actual: JSON.stringify(record.request.params ?? {}),
    message: record.detail ?? `no scripted reply for ${record.request.method}`,
    line: test.pos.line,
    col: test.pos.col,
  }));
}
