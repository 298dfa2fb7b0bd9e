/** @module SEP-2663 task lifecycle probes: creation, tasks/get per status, tasks/update and tasks/cancel acks, on a task created from a safe tool. */

import type { Exchange } from "../../../2_connect/session/types.ts";
import {
  fail,
  notVerified,
  pass,
  type Probe,
  type ProbeContext,
  type ProbeOutcome,
  type ProbeSet,
} from "./probe_types.ts";
import { asRecord, bogusName, describe, isOutcome, resultOf } from "./_helpers.ts";
import {
  callToolAs,
  cancelRun,
  emptyAck,
  isJsonRpcError,
  observedTasks,
  pollTask,
  taskRequest,
  taskRun,
  TERMINAL,
} from "./_task_run.ts";

type Task = Record<string, unknown>;

/** A check over the first tasks/get result with `status`; not-verified when none was seen. */
function whenStatus(status: string, judge: (task: Task) => string | undefined): Probe {
  return async (ctx) => {
    const seen = await observedTasks(ctx);
    if (isOutcome(seen)) return seen;
    const found = seen.filter(({ task }) => task.status === status);
    if (found.length === 0) {
      const statuses = [...new Set(seen.map(({ task }) => String(task.status)))];
      return notVerified(
        `no task mcptest created was seen in status "${status}" (seen: ${
          statuses.join(", ") || "none"
        })`,
      );
    }
    for (const { task } of found) {
      const problem = judge(task);
      if (problem) return fail(`tasks/get in status "${status}": ${problem}`);
    }
    return pass(
      `${found.length} tasks/get result(s) in status "${status}" have the required fields`,
    );
  };
}

/** An acknowledgment check of tasks/update or tasks/cancel on a live task. */
function ack(
  method: "tasks/update" | "tasks/cancel",
  judge: (result: Task) => string | undefined,
): Probe {
  return async (ctx) => {
    const exchange = await ackExchange(ctx, method);
    if (isOutcome(exchange)) return exchange;
    const result = resultOf(exchange.exchange);
    if (!result) return fail(`${method} on a known task: ${describe(exchange.exchange)}`);
    const problem = judge(result);
    return problem
      ? fail(`${method} on a known task: ${problem}`)
      : pass(`${method}: ${JSON.stringify(result).slice(0, 80)}`);
  };
}

interface UpdateRun {
  readonly exchange: Exchange;
  readonly after?: Task;
}

const updates = new WeakMap<ProbeContext, Promise<UpdateRun | ProbeOutcome>>();

/** tasks/update on the run's task with a key it never issued (then one tasks/get). */
function updateRun(ctx: ProbeContext): Promise<UpdateRun | ProbeOutcome> {
  let run = updates.get(ctx);
  if (!run) {
    run = (async () => {
      const task = await taskRun(ctx);
      if (isOutcome(task)) return task;
      const before = resultOf(task.polls.at(-1)!);
      const exchange = await taskRequest(ctx, "tasks/update", task.taskId, "declaring", {
        inputResponses: { [bogusName("mcptest-never-issued")]: { action: "decline" } },
      });
      const after = resultOf(await taskRequest(ctx, "tasks/get", task.taskId));
      return { exchange, ...(after ? { after } : before ? { after: before } : {}) };
    })();
    updates.set(ctx, run);
  }
  return run;
}

async function ackExchange(ctx: ProbeContext, method: "tasks/update" | "tasks/cancel") {
  if (method === "tasks/update") return await updateRun(ctx);
  const run = await cancelRun(ctx);
  return isOutcome(run) ? run : { exchange: run.cancel };
}

const emptyResult = (result: Task) => {
  const extra = emptyAck(result);
  return extra.length === 0 ? undefined : `the acknowledgment carries ${extra.join(", ")}`;
};
const completeType = (result: Task) =>
  result.resultType === "complete"
    ? undefined
    : `resultType is ${JSON.stringify(result.resultType ?? null)}, expected "complete"`;

/** Check id -> probe. */
export const sep2663Lifecycle: ProbeSet = {
  probes: {
    "sep-2663-result-type-task-on-create": async (ctx) => {
      const run = await taskRun(ctx);
      if (isOutcome(run)) return run;
      return run.created.resultType === "task"
        ? pass(`tools/call "${run.tool}" returned a CreateTaskResult with resultType "task"`)
        : fail(
          `tools/call "${run.tool}" returned a task (taskId ${run.taskId}) with resultType ${
            JSON.stringify(run.created.resultType ?? null)
          }`,
        );
    },
    "sep-2663-durable-create-strong-consistency": async (ctx) => {
      const run = await taskRun(ctx);
      if (isOutcome(run)) return run;
      const first = run.polls[0];
      if (!first) return notVerified("no tasks/get was sent");
      const task = resultOf(first);
      return task && task.taskId === run.taskId
        ? pass(`tasks/get right after creation resolved (status ${String(task.status)})`)
        : fail(`tasks/get right after creation: ${describe(first)}`);
    },
    "sep-2663-result-type-complete-on-tasks-get": async (ctx) => {
      const seen = await observedTasks(ctx);
      if (isOutcome(seen)) return seen;
      if (seen.length === 0) return notVerified("no tasks/get returned a result");
      const wrong = seen.find(({ task }) => task.resultType !== "complete");
      return wrong
        ? fail(`a tasks/get result has resultType ${JSON.stringify(wrong.task.resultType ?? null)}`)
        : pass(`${seen.length} tasks/get result(s) have resultType "complete"`);
    },
    "sep-2663-tasks-get-status-working": whenStatus("working", () => undefined),
    "sep-2663-tasks-get-status-input-required": whenStatus(
      "input_required",
      (task) => asRecord(task.inputRequests) ? undefined : "no inputRequests object",
    ),
    "sep-2663-tasks-get-status-completed": whenStatus(
      "completed",
      (task) => asRecord(task.result) ? undefined : "no result object",
    ),
    "sep-2663-tasks-get-status-cancelled": whenStatus("cancelled", () => undefined),
    "sep-2663-tasks-get-status-failed": whenStatus(
      "failed",
      (task) => task.error === undefined ? "no error field" : undefined,
    ),
    "sep-2663-failed-status-jsonrpc-only": whenStatus(
      "failed",
      (task) =>
        isJsonRpcError(task.error)
          ? undefined
          : `error ${JSON.stringify(task.error ?? null)} is not a JSON-RPC error object`,
    ),
    "sep-2663-failed-includes-statusmessage": whenStatus(
      "failed",
      (task) =>
        !isJsonRpcError(task.error)
          ? "no JSON-RPC error field"
          : typeof task.statusMessage === "string"
          ? undefined
          : "no statusMessage",
    ),
    "sep-2663-tool-error-uses-completed-status": async (ctx) => {
      const seen = await observedTasks(ctx);
      if (isOutcome(seen)) return seen;
      const misfiled = seen.find(({ task }) =>
        task.status === "failed" && (task.result !== undefined || !isJsonRpcError(task.error))
      );
      if (misfiled) {
        return fail(
          "a failed task carries a result or a non-JSON-RPC error (a tool error must complete)",
        );
      }
      const toolErrors = seen.filter(({ task }) =>
        task.status === "completed" && asRecord(task.result)?.isError === true
      );
      return toolErrors.length > 0
        ? pass("a tool error (isError: true) was reported with status completed")
        : notVerified("no task mcptest created ended in a tool error (isError: true)");
    },
    "sep-2663-input-request-key-unique-per-task": async (ctx) => {
      const run = await taskRun(ctx);
      if (isOutcome(run)) return run;
      const byKey = new Map<string, string>();
      let seenAny = false;
      for (const exchange of run.polls) {
        const requests = asRecord(resultOf(exchange)?.inputRequests);
        for (const [key, request] of Object.entries(requests ?? {})) {
          seenAny = true;
          const body = JSON.stringify(request);
          const before = byKey.get(key);
          if (before !== undefined && before !== body) {
            return fail(`inputRequests key "${key}" named two different requests`);
          }
          byKey.set(key, body);
        }
      }
      return seenAny
        ? pass(`${byKey.size} inputRequests key(s), each naming one request across polls`)
        : notVerified("the task mcptest created never asked for input (no inputRequests)");
    },
    "sep-2663-update-ack-empty-result": ack("tasks/update", emptyResult),
    "sep-2663-result-type-complete-on-tasks-update": ack("tasks/update", completeType),
    "sep-2663-update-ignore-unknown-keys": async (ctx) => {
      const run = await updateRun(ctx);
      if (isOutcome(run)) return run;
      if (run.exchange.response?.error) {
        return fail(`tasks/update with a never-issued key: ${describe(run.exchange)}`);
      }
      if (!run.exchange.response) {
        return notVerified(`tasks/update with a never-issued key: ${describe(run.exchange)}`);
      }
      if (run.after?.status === "failed") {
        return fail("the task failed after a tasks/update with a never-issued key");
      }
      return run.after
        ? pass(`a never-issued key was acknowledged and ignored (task ${String(run.after.status)})`)
        : notVerified(`tasks/update: ${describe(run.exchange)}`);
    },
    "sep-2663-cancel-ack-empty-result": ack("tasks/cancel", emptyResult),
    "sep-2663-result-type-complete-on-tasks-cancel": ack("tasks/cancel", completeType),
    "sep-2663-cancel-not-via-cancelled-notification": async (ctx) => {
      const run = await taskRun(ctx);
      if (isOutcome(run)) return run;
      // A third task: cancel its creating request with notifications/cancelled, which must not
      // cancel the task (only tasks/cancel does).
      const create = await callToolAs(ctx, run.tool, "declaring");
      const created = resultOf(create);
      if (typeof created?.taskId !== "string") {
        return notVerified(`the third call of "${run.tool}" created no task`);
      }
      const requestId = (create.request as { id?: unknown }).id;
      await ctx.session.notify("notifications/cancelled", { requestId, reason: "mcptest probe" });
      // The polls go out after the notification on the same connection (stdio: read in order;
      // HTTP: its POST was accepted first) and follow the task to a terminal status or the
      // deadline (--timeout): a cancellation the server applies late is still seen.
      const polls = await pollTask(ctx, created.taskId);
      const statuses = polls.map((poll) => resultOf(poll)?.status);
      if (statuses.includes("cancelled")) {
        return fail("notifications/cancelled for the creating request cancelled the task");
      }
      const last = statuses.at(-1);
      if (last === undefined) {
        return notVerified(
          `tasks/get after notifications/cancelled: ${describe(polls.at(-1)!)}`,
        );
      }
      return pass(
        `notifications/cancelled left the task ${String(last)}${
          TERMINAL.has(String(last)) ? "" : " until the deadline (--timeout)"
        }`,
      );
    },
  },
};
