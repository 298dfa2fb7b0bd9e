/** @module SEP-2663 task artefacts for probes: the extension gate, a task created from a safe tool, and what its polls showed. */

import { META_CLIENT_CAPABILITIES } from "../../../2_connect/session/meta.ts";
import { delay } from "../../../2_connect/transport/wait.ts";
import type { Exchange } from "../../../2_connect/session/types.ts";
import { notApplicable, notVerified, type ProbeContext, type ProbeOutcome } from "./probe_types.ts";
import {
  argumentsFor,
  asRecord,
  describe,
  isOutcome,
  listTools,
  resultOf,
  type ToolDef,
} from "./_helpers.ts";
import { needsStateless } from "./_stateless.ts";

/** The extension identifier. */
export const TASKS = "io.modelcontextprotocol/tasks";

/**
 * The pause between two polls of a task that names no `pollIntervalMs`. It only paces the polls:
 * the deadline (--timeout) and the statuses seen decide, never this pause.
 */
export const DEFAULT_POLL_INTERVAL_MS = 100;

/** Task statuses after which a task never changes. */
export const TERMINAL = new Set(["completed", "failed", "cancelled"]);

/** Whether the server declares the tasks extension. */
export function declaresTasks(ctx: ProbeContext): boolean {
  return asRecord(asRecord(ctx.capabilities.extensions)?.[TASKS]) !== undefined;
}

/** Not-verified unless stateless; not-applicable unless the server declares the extension. */
export function tasksGate(ctx: ProbeContext): ProbeOutcome | undefined {
  return needsStateless(ctx) ??
    (declaresTasks(ctx)
      ? undefined
      : notApplicable(`the server does not declare the ${TASKS} extension (capability-gated)`));
}

/** `_meta` client capabilities: the extension declared, none, or only the legacy tasks capability. */
export function clientCaps(kind: "declaring" | "none" | "legacy"): Record<string, unknown> {
  const caps = kind === "declaring"
    ? { extensions: { [TASKS]: {} } }
    : kind === "legacy"
    ? { tasks: { requests: { tools: { call: {} } }, cancel: {}, list: {} } }
    : {};
  return { [META_CLIENT_CAPABILITIES]: caps };
}

/** A tasks/* request as a well-behaved client sends it (Mcp-Name = taskId over HTTP). */
export function taskRequest(
  ctx: ProbeContext,
  method: string,
  taskId: string,
  kind: "declaring" | "none" | "legacy" = "declaring",
  extra: Record<string, unknown> = {},
  mcpName: string = taskId,
): Promise<Exchange> {
  const params: Record<string, unknown> = { taskId, ...extra, _meta: clientCaps(kind) };
  if (method === "tasks/update" && !("inputResponses" in params)) params.inputResponses = {};
  const headers = ctx.transport === "http" ? { headers: { "Mcp-Name": mcpName } } : {};
  return ctx.session.request(method, params, headers);
}

/**
 * Tools mcptest may call: the ones the user named (`--safe-tool`, in that order, those the server
 * lists), else the read-only ones with nothing required (called without arguments); legacy task
 * markers first.
 */
export async function safeTools(ctx: ProbeContext): Promise<ToolDef[] | ProbeOutcome> {
  const tools = await listTools(ctx);
  if (isOutcome(tools)) return tools;
  if (ctx.safeTools !== undefined && ctx.safeTools.length > 0) return namedTools(ctx, tools);
  const safe = tools.filter((tool) => {
    const required = asRecord(tool.inputSchema)?.required;
    return tool.annotations?.readOnlyHint === true &&
      (!Array.isArray(required) || required.length === 0);
  });
  const marked = (tool: ToolDef) => {
    const support = asRecord(tool.execution)?.taskSupport;
    return support === "required" || support === "optional" ? 0 : 1;
  };
  return safe.sort((a, b) => marked(a) - marked(b));
}

/** The named safe tools the server lists, in the user's order; not-verified when it lists none. */
function namedTools(ctx: ProbeContext, tools: readonly ToolDef[]): ToolDef[] | ProbeOutcome {
  const named = (ctx.safeTools ?? []).flatMap((safe) => {
    const tool = tools.find((t) => t.name === safe.name);
    return tool ? [tool] : [];
  });
  if (named.length > 0) return named;
  const names = (ctx.safeTools ?? []).map((t) => t.name).join(", ");
  return notVerified(
    `none of the tools named safe to call (${names}) is in the server's tools/list`,
  );
}

/** Whether a result is a CreateTaskResult (by its discriminator, or by its task fields). */
export function looksLikeTask(result: Record<string, unknown> | undefined): boolean {
  return result !== undefined &&
    (result.resultType === "task" ||
      (typeof result.taskId === "string" && typeof result.status === "string" &&
        !("content" in result)));
}

/** One task mcptest created and followed. */
export interface TaskRun {
  readonly tool: string;
  /** The tools/call that created it. */
  readonly create: Exchange;
  readonly created: Record<string, unknown>;
  readonly taskId: string;
  /** Every tasks/get of the task, in order (the first one right after creation). */
  readonly polls: readonly Exchange[];
}

/** Why no task could be created, in one sentence. */
const NO_TASK = "no safe tool answered a tools/call from a declaring client with a " +
  "CreateTaskResult (SEP-2663 marks no tool as task-capable: the server decides per request; " +
  "mcptest calls the tools named with --safe-tool, else only read-only tools it can call " +
  "without arguments)";

const runs = new WeakMap<ProbeContext, Promise<TaskRun | ProbeOutcome>>();
const cancels = new WeakMap<ProbeContext, Promise<CancelRun | ProbeOutcome>>();

/** tools/call of `tool` without arguments, as a client that declares the tasks extension or not. */
export function callToolAs(
  ctx: ProbeContext,
  tool: string,
  kind: "declaring" | "none" | "legacy",
): Promise<Exchange> {
  return ctx.session.request("tools/call", {
    name: tool,
    arguments: argumentsFor(ctx, tool),
    _meta: clientCaps(kind),
  });
}

/** Call safe tools (declaring the extension) until one creates a task; undefined when none does. */
async function createTask(
  ctx: ProbeContext,
): Promise<{ tool: string; create: Exchange; created: Record<string, unknown> } | ProbeOutcome> {
  const tools = await safeTools(ctx);
  if (isOutcome(tools)) return tools;
  if (tools.length === 0) {
    return notVerified(`${NO_TASK}; the server has no such tool`);
  }
  for (const tool of tools.slice(0, 5)) {
    const create = await callToolAs(ctx, tool.name, "declaring");
    const created = resultOf(create);
    if (looksLikeTask(created) && typeof created?.taskId === "string") {
      return { tool: tool.name, create, created };
    }
  }
  return notVerified(NO_TASK);
}

/** The server's suggested pause between polls: `pollIntervalMs`, else 2025-11-25's `pollInterval`. */
export function pollIntervalOf(task: Record<string, unknown>): number | undefined {
  const hint = task.pollIntervalMs ?? task.pollInterval;
  return typeof hint === "number" && Number.isFinite(hint) && hint >= 0 ? hint : undefined;
}

/**
 * Poll tasks/get until the task reaches a terminal status (or a poll gets no result), or the
 * deadline passes: the server's `timeoutMs` (--timeout) from the first poll. Between polls the
 * task's own `pollIntervalMs` is respected ({@link DEFAULT_POLL_INTERVAL_MS} when it names none),
 * cut short at the deadline so the last poll is made there.
 */
export async function pollTask(ctx: ProbeContext, taskId: string): Promise<Exchange[]> {
  const polls: Exchange[] = [];
  const deadline = performance.now() + ctx.session.server.timeoutMs;
  while (true) {
    const exchange = await taskRequest(ctx, "tasks/get", taskId);
    polls.push(exchange);
    const task = resultOf(exchange);
    if (!task || TERMINAL.has(String(task.status))) break;
    const left = deadline - performance.now();
    if (left <= 0) break;
    await delay(Math.min(pollIntervalOf(task) ?? DEFAULT_POLL_INTERVAL_MS, left));
  }
  return polls;
}

/** The run's task: created once, then polled to a terminal status (or the deadline). */
export function taskRun(ctx: ProbeContext): Promise<TaskRun | ProbeOutcome> {
  let run = runs.get(ctx);
  if (!run) {
    run = (async () => {
      const blocked = tasksGate(ctx);
      if (blocked) return blocked;
      const made = await createTask(ctx);
      if (isOutcome(made)) return made;
      const taskId = String(made.created.taskId);
      return { ...made, taskId, polls: await pollTask(ctx, taskId) };
    })();
    runs.set(ctx, run);
  }
  return run;
}

/** A second task, cancelled right after creation. */
export interface CancelRun {
  readonly taskId: string;
  readonly cancel: Exchange;
  readonly polls: readonly Exchange[];
}

/** Create another task with the same tool, send tasks/cancel, then poll it. */
export function cancelRun(ctx: ProbeContext): Promise<CancelRun | ProbeOutcome> {
  let run = cancels.get(ctx);
  if (!run) {
    run = (async () => {
      const first = await taskRun(ctx);
      if (isOutcome(first)) return first;
      const create = await callToolAs(ctx, first.tool, "declaring");
      const created = resultOf(create);
      if (!looksLikeTask(created) || typeof created?.taskId !== "string") {
        return notVerified(
          `the second call of "${first.tool}" created no task (${describe(create)})`,
        );
      }
      const cancel = await taskRequest(ctx, "tasks/cancel", created.taskId);
      return { taskId: created.taskId, cancel, polls: await pollTask(ctx, created.taskId) };
    })();
    cancels.set(ctx, run);
  }
  return run;
}

/** Every tasks/get result the run saw (both tasks), each with the exchange. */
export async function observedTasks(
  ctx: ProbeContext,
): Promise<Array<{ exchange: Exchange; task: Record<string, unknown> }> | ProbeOutcome> {
  const run = await taskRun(ctx);
  if (isOutcome(run)) return run;
  const cancelled = await cancelRun(ctx);
  const exchanges = [...run.polls, ...(isOutcome(cancelled) ? [] : cancelled.polls)];
  return exchanges.flatMap((exchange) => {
    const task = resultOf(exchange);
    return task ? [{ exchange, task }] : [];
  });
}

/** Whether a value has the shape of a JSON-RPC error object (integer code, string message). */
export function isJsonRpcError(value: unknown): boolean {
  const error = asRecord(value);
  return error !== undefined && Number.isInteger(error.code) && typeof error.message === "string";
}

/** A result that is an empty acknowledgment: no keys but resultType "complete" and `_meta`. */
export function emptyAck(result: Record<string, unknown>): string[] {
  return Object.keys(result).filter((key) => key !== "resultType" && key !== "_meta");
}
