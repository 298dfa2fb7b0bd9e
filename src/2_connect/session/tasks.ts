/** @module Task-augmented tool calls, in both dialects: 2025-11-25 (`task` param, tasks/get, tasks/result) and the 2026-07-28 tasks extension (`resultType: "task"`, tasks/get with the result inline, tasks/update for input); polled to a terminal status, the server's poll interval respected, bounded by the deadline. */

import { delay } from "../transport/wait.ts";
import { META_CLIENT_CAPABILITIES } from "./meta.ts";
import type { AnsweringSession } from "./input_rounds.ts";
import type { ServerRequestRecord } from "./client_responder.ts";
import type { Exchange } from "./types.ts";

/** The 2026-07-28 tasks extension. */
export const TASKS_EXTENSION = "io.modelcontextprotocol/tasks";
/** Task statuses after which a task never changes. */
export const TERMINAL_STATUSES: ReadonlySet<string> = new Set(["completed", "failed", "cancelled"]);
/** The pause between polls when the task names none (it only paces: statuses decide). */
export const DEFAULT_POLL_INTERVAL_MS = 100;

/** How to run a task. */
export interface TaskOptions {
  /** The deadline of the whole task (created, polled, its result fetched), in ms. */
  readonly timeoutMs: number;
  /** Requested time-to-live (2025-11-25 `task.ttl`), in ms. */
  readonly ttlMs?: number;
  /** Send tasks/cancel once the task is created, then follow it to its end. */
  readonly cancel?: boolean;
  /** The clock the deadline is measured on (tests inject one). */
  readonly now?: () => number;
}

/** What following a task showed. */
export interface TaskRun {
  /** The tools/call that created it (or answered without a task). */
  readonly create: Exchange;
  /** The task id, when a task was created. */
  readonly taskId?: string;
  /** Every status seen, in order, from creation on (repeats kept). */
  readonly statuses: readonly string[];
  /** The tasks/get polls. */
  readonly polls: readonly Exchange[];
  /** tasks/cancel, when asked for. */
  readonly cancelled?: Exchange;
  /**
   * The tool's result: fetched with tasks/result (2025-11-25) or inline in the terminal task
   * (2026); the call's own result when no task was created.
   */
  readonly result?: unknown;
  /** The task's error (a failed task), or the call's. */
  readonly error?: unknown;
  /** Server requests the task made (input), answered by the client scripts. */
  readonly answers: readonly ServerRequestRecord[];
  /** Why the run stopped short: the deadline, a poll without a result. */
  readonly stopped?: string;
}

function resultOf(exchange: Exchange): Record<string, unknown> | undefined {
  const result = exchange.response?.result;
  return typeof result === "object" && result !== null
    ? result as Record<string, unknown>
    : undefined;
}

/** The task object of a creation result in either dialect (undefined: no task was created). */
function createdTask(
  result: Record<string, unknown> | undefined,
): Record<string, unknown> | undefined {
  if (!result) return undefined;
  if (result.resultType === "task") return result;
  const task = result.task;
  return typeof task === "object" && task !== null &&
      typeof (task as { taskId?: unknown }).taskId === "string"
    ? task as Record<string, unknown>
    : undefined;
}

function pollInterval(task: Record<string, unknown>): number {
  const hint = task.pollIntervalMs ?? task.pollInterval;
  return typeof hint === "number" && Number.isFinite(hint) && hint >= 0
    ? hint
    : DEFAULT_POLL_INTERVAL_MS;
}

/**
 * Call tool `name` as a task and follow it: 2025-11-25 sends `task: {ttl}`; the stateless
 * revision declares the tasks extension in the request's client capabilities. Polls tasks/get
 * until a terminal status (pacing by the task's poll interval, never past the deadline); input the
 * task asks for (2026 `input_required`) is answered by the client scripts with tasks/update.
 */
export async function callAsTask(
  session: AnsweringSession,
  name: string,
  args: Record<string, unknown>,
  options: TaskOptions,
): Promise<TaskRun> {
  const now = options.now ?? (() => performance.now());
  const deadline = now() + options.timeoutMs;
  const left = () => Math.max(1, Math.round(deadline - now()));
  const stateless = session.protocolVersion >= "2026-07-28";
  const params: Record<string, unknown> = { name, arguments: args };
  if (stateless) {
    params._meta = { [META_CLIENT_CAPABILITIES]: { extensions: { [TASKS_EXTENSION]: {} } } };
  } else {
    params.task = options.ttlMs === undefined ? {} : { ttl: options.ttlMs };
  }
  const create = await session.request("tools/call", params, { timeoutMs: left() });
  const task = createdTask(resultOf(create));
  const answers: ServerRequestRecord[] = [];
  if (!task) {
    const error = create.response?.error;
    return {
      create,
      statuses: [],
      polls: [],
      answers,
      ...(error === undefined ? { result: resultOf(create) } : { error }),
    };
  }
  const taskId = String(task.taskId);
  const taskParams = (extra: Record<string, unknown> = {}) => ({
    taskId,
    ...extra,
    ...(stateless ? { _meta: params._meta } : {}),
  });
  const statuses = [String(task.status)];
  const polls: Exchange[] = [];
  const cancelled = options.cancel
    ? await session.request("tasks/cancel", taskParams(), { timeoutMs: left() })
    : undefined;
  let current = task;
  let stopped: string | undefined;
  while (!TERMINAL_STATUSES.has(String(current.status))) {
    if (now() >= deadline) {
      stopped = `the task was still ${current.status} at the deadline (${options.timeoutMs} ms)`;
      break;
    }
    await delay(Math.min(pollInterval(current), left()));
    const poll = await session.request("tasks/get", taskParams(), { timeoutMs: left() });
    polls.push(poll);
    answers.push(...(poll.serverRequests ?? []));
    const next = resultOf(poll);
    if (!next) {
      stopped = `tasks/get got no result (${
        poll.failure?.message ?? JSON.stringify(poll.response?.error)
      })`;
      break;
    }
    current = next;
    statuses.push(String(current.status));
    if (stateless && current.status === "input_required") {
      await answerInput(session, current, taskParams, answers, left);
    }
  }
  const base = {
    create,
    taskId,
    statuses,
    polls,
    answers,
    ...(cancelled ? { cancelled } : {}),
    ...(stopped ? { stopped } : {}),
  };
  return { ...base, ...await finalOf(session, current, taskParams, stateless, left) };
}

/** The 2026 task's `inputRequests`, answered by the client scripts and sent with tasks/update. */
async function answerInput(
  session: AnsweringSession,
  task: Record<string, unknown>,
  taskParams: (extra?: Record<string, unknown>) => Record<string, unknown>,
  answers: ServerRequestRecord[],
  left: () => number,
): Promise<void> {
  const asked = (task.inputRequests ?? {}) as Record<
    string,
    { method?: unknown; params?: unknown }
  >;
  const inputResponses: Record<string, unknown> = {};
  for (const [key, request] of Object.entries(asked)) {
    const record = await session.answerServerRequest(String(request?.method), request?.params);
    answers.push(record);
    inputResponses[key] = "result" in record.reply ? record.reply.result : record.reply;
  }
  await session.request("tasks/update", taskParams({ inputResponses }), { timeoutMs: left() });
}

/** The tool's result or error once the task is terminal (tasks/result in 2025-11-25). */
async function finalOf(
  session: AnsweringSession,
  task: Record<string, unknown>,
  taskParams: () => Record<string, unknown>,
  stateless: boolean,
  left: () => number,
): Promise<{ result?: unknown; error?: unknown }> {
  if (!TERMINAL_STATUSES.has(String(task.status)) || task.status === "cancelled") return {};
  if (stateless) {
    return task.status === "completed" ? { result: task.result } : { error: task.error };
  }
  const fetched = await session.request("tasks/result", taskParams(), { timeoutMs: left() });
  if (fetched.response?.error) return { error: fetched.response.error };
  return { result: fetched.response?.result };
}
