/** @module A SEP-2663 task created by a client that can answer input: the MRTR rounds before creation, then the task's input requests answered with tasks/update while it is polled. */

import { META_CLIENT_CAPABILITIES } from "../../../2_connect/session/meta.ts";
import { delay } from "../../../2_connect/transport/wait.ts";
import type { Exchange } from "../../../2_connect/session/types.ts";
import { notVerified, type ProbeContext, type ProbeOutcome } from "./probe_types.ts";
import { argumentsFor, asRecord, isOutcome, resultOf } from "./_helpers.ts";
import { answersFor } from "./_input_answers.ts";
import {
  DEFAULT_POLL_INTERVAL_MS,
  looksLikeTask,
  pollIntervalOf,
  safeTools,
  taskRequest,
  TASKS,
  tasksGate,
  TERMINAL,
} from "./_task_run.ts";

/** Client capabilities: the tasks extension (or not) and every kind of input. */
export function askingCaps(tasks: boolean): Record<string, unknown> {
  return {
    [META_CLIENT_CAPABILITIES]: {
      ...(tasks ? { extensions: { [TASKS]: {} } } : {}),
      elicitation: {},
      sampling: {},
      roots: {},
    },
  };
}

/** How a tools/call from a client that can answer input went, round by round. */
export interface Creation {
  readonly tool: string;
  /** InputRequiredResults answered before the last answer. */
  readonly rounds: number;
  /** The last answer's result (a CreateTaskResult when a task was made). */
  readonly last?: Record<string, unknown>;
}

/** Call `tool` and answer its InputRequiredResults (at most four rounds). */
export async function callAnswering(
  ctx: ProbeContext,
  tool: string,
  tasks: boolean,
): Promise<Creation> {
  let extra: Record<string, unknown> = {};
  for (let rounds = 0;; rounds++) {
    const exchange = await ctx.session.request("tools/call", {
      name: tool,
      arguments: argumentsFor(ctx, tool),
      ...extra,
      _meta: askingCaps(tasks),
    });
    const last = resultOf(exchange);
    if (last?.resultType !== "input_required" || rounds === 4) {
      return { tool, rounds, ...(last ? { last } : {}) };
    }
    const state = typeof last.requestState === "string" ? { requestState: last.requestState } : {};
    extra = { ...state, inputResponses: answersFor(last.inputRequests) };
  }
}

/** A task that asked for input, followed with answers. */
export interface InputTask {
  readonly creation: Creation;
  readonly taskId: string;
  readonly polls: readonly Exchange[];
  /** Keys answered with a tasks/update the server acknowledged, in order. */
  readonly answered: readonly string[];
  /** The first key the server used again after its answer, or for another request. */
  readonly reuse?: string;
}

const runs = new WeakMap<ProbeContext, Promise<InputTask | ProbeOutcome>>();

/** The run's input task: the first safe tool whose call (tasks and input declared) makes a task. */
export function inputTask(ctx: ProbeContext): Promise<InputTask | ProbeOutcome> {
  let run = runs.get(ctx);
  if (!run) {
    run = (async () => {
      const blocked = tasksGate(ctx);
      if (blocked) return blocked;
      const tools = await safeTools(ctx);
      if (isOutcome(tools)) return tools;
      for (const tool of tools.slice(0, 5)) {
        const creation = await callAnswering(ctx, tool.name, true);
        const taskId = creation.last?.taskId;
        if (looksLikeTask(creation.last) && typeof taskId === "string") {
          return { creation, taskId, ...await follow(ctx, taskId) };
        }
      }
      return notVerified(
        "no safe tool created a task for a client that declares the tasks extension and every " +
          "kind of input (mcptest calls the tools named with --safe-tool, else read-only tools " +
          "it can call without arguments)",
      );
    })();
    runs.set(ctx, run);
  }
  return run;
}

/** What following a task saw. */
interface Followed {
  readonly polls: Exchange[];
  readonly answered: string[];
  readonly reuse?: string;
}

/**
 * Poll the task until a terminal status, a key reused, or the deadline (`--timeout` from the
 * first poll), answering each new input request once with tasks/update. A key is reused when it
 * names a request other than the one it first named, or comes back after a poll that no longer
 * listed it once its answer was acknowledged.
 */
async function follow(ctx: ProbeContext, taskId: string): Promise<Followed> {
  const seen: Followed = { polls: [], answered: [] };
  const issued = new Map<string, string>();
  const settled = new Set<string>();
  const deadline = performance.now() + ctx.session.server.timeoutMs;
  while (true) {
    const exchange = await taskRequest(ctx, "tasks/get", taskId);
    seen.polls.push(exchange);
    const task = resultOf(exchange);
    if (!task) return seen;
    const requests = task.status === "input_required" ? asRecord(task.inputRequests) ?? {} : {};
    for (const key of seen.answered) if (!(key in requests)) settled.add(key);
    for (const [key, request] of Object.entries(requests)) {
      const first = issued.get(key);
      if (settled.has(key) || (first !== undefined && first !== JSON.stringify(request))) {
        return { ...seen, reuse: key };
      }
      issued.set(key, JSON.stringify(request));
    }
    if (TERMINAL.has(String(task.status))) return seen;
    await answerNew(ctx, taskId, requests, seen.answered);
    const left = deadline - performance.now();
    if (left <= 0) return seen;
    await delay(Math.min(pollIntervalOf(task) ?? DEFAULT_POLL_INTERVAL_MS, left));
  }
}

/** Answer the keys not answered yet; the acknowledged ones join `answered`. */
async function answerNew(
  ctx: ProbeContext,
  taskId: string,
  requests: Record<string, unknown>,
  answered: string[],
): Promise<void> {
  const fresh = Object.fromEntries(
    Object.entries(requests).filter(([key]) => !answered.includes(key)),
  );
  const inputResponses = answersFor(fresh);
  if (Object.keys(inputResponses).length === 0) return;
  const update = await taskRequest(ctx, "tasks/update", taskId, "declaring", { inputResponses });
  if (resultOf(update)) answered.push(...Object.keys(inputResponses));
}
