/** @module SEP-2663 gating probes (non-declaring and legacy clients, -32021 and its data, routing headers, task streams) and SEP-2575's missing-capability rule judged on the tasks methods. */

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
import { isSilent } from "./probe_context.ts";
import {
  argumentsFor,
  asRecord,
  bogusName,
  describe,
  httpOnly,
  isOutcome,
  resultOf,
} from "./_helpers.ts";
import { errorCodes } from "./_stateless.ts";
import {
  callToolAs,
  clientCaps,
  looksLikeTask,
  safeTools,
  taskRequest,
  taskRun,
  TASKS,
  tasksGate,
  TERMINAL,
} from "./_task_run.ts";

const missingCodes = (ctx: ProbeContext) => errorCodes(ctx, "MissingRequiredClientCapability");

/** tasks/get of an unknown task from a client that does not declare the extension. */
function nonDeclaringGet(ctx: ProbeContext): Promise<Exchange> {
  return taskRequest(ctx, "tasks/get", bogusName("mcptest-no-such-task"), "none");
}

/**
 * The gate's verdict, or tasks/get from a non-declaring client answered with a missing-capability
 * error (not verified when it was not).
 */
async function nonDeclaringRefusal(
  ctx: ProbeContext,
  gate: (ctx: ProbeContext) => ProbeOutcome | undefined,
): Promise<{ exchange: Exchange; code: number } | ProbeOutcome> {
  const blocked = gate(ctx);
  if (blocked) return blocked;
  const exchange = await nonDeclaringGet(ctx);
  const code = exchange.response?.error?.code;
  if (code === undefined || !missingCodes(ctx).includes(code)) {
    return notVerified(`tasks/get from a non-declaring client: ${describe(exchange)}, no -32021`);
  }
  return { exchange, code };
}

/** Whether an error's data names the tasks extension under requiredCapabilities. */
function namesExtension(exchange: Exchange): boolean {
  const data = asRecord(exchange.response?.error?.data);
  return asRecord(asRecord(asRecord(data?.requiredCapabilities)?.extensions)?.[TASKS]) !==
    undefined;
}

/** A gate then one -32021 expectation on a request. */
function expectMissing(send: (ctx: ProbeContext) => Promise<Exchange>, what: string): Probe {
  return async (ctx) => {
    const blocked = tasksGate(ctx);
    if (blocked) return blocked;
    const exchange = await send(ctx);
    const code = exchange.response?.error?.code;
    const codes = missingCodes(ctx);
    return code !== undefined && codes.includes(code)
      ? pass(`${what}: error ${code}`)
      : fail(`${what}: ${describe(exchange)}, expected ${codes.join(" or ")}`);
  };
}

/** The gate of the HTTP-only tasks checks. */
function httpTasksGate(ctx: ProbeContext): ProbeOutcome | undefined {
  return httpOnly(ctx) ?? tasksGate(ctx);
}

/** A task status notification with a terminal status: the task stream has nothing more to say. */
function terminalStatus(notification: unknown): boolean {
  const params = asRecord(asRecord(notification)?.params);
  const status = params?.status ?? asRecord(params?.task)?.status;
  return TERMINAL.has(String(status));
}

/** Check id -> probe. */
export const sep2663Gating: ProbeSet = {
  probes: {
    "sep-2663-server-returns-missing-capability-when-required": async (ctx) => {
      const run = await taskRun(ctx);
      if (isOutcome(run)) return run;
      // The tool that created a task for a declaring client, now called by a non-declaring one.
      const exchange = await callToolAs(ctx, run.tool, "none");
      const result = resultOf(exchange);
      if (result) {
        return looksLikeTask(result)
          ? fail(`tools/call "${run.tool}" from a non-declaring client returned a task`)
          : pass(`tools/call "${run.tool}" from a non-declaring client was served synchronously`);
      }
      const code = exchange.response?.error?.code;
      if (code !== undefined && missingCodes(ctx).includes(code)) {
        return pass(`tools/call "${run.tool}" from a non-declaring client: error ${code}`);
      }
      return fail(
        `tools/call "${run.tool}" from a non-declaring client: ${describe(exchange)}, expected ` +
          `a standard result or ${missingCodes(ctx).join(" or ")}`,
      );
    },
    "sep-2663-server-returns-missing-capability-data-shape": async (ctx) => {
      const refused = await nonDeclaringRefusal(ctx, tasksGate);
      if (isOutcome(refused)) return refused;
      const { exchange, code } = refused;
      return namesExtension(exchange)
        ? pass(`error ${code} names data.requiredCapabilities.extensions["${TASKS}"]`)
        : fail(
          `error ${code} data ${
            JSON.stringify(exchange.response?.error?.data ?? null)
          } does not name the ${TASKS} extension`,
        );
    },
    "sep-2663-subscribe-missing-capability-non-declaring": expectMissing(
      (ctx) =>
        // A stream the server (wrongly) opens is closed at its first message (an event); one
        // that carries nothing is read to the deadline (--timeout).
        ctx.stream("subscriptions/listen", {
          notifications: { taskIds: [bogusName("mcptest-task")] },
          _meta: clientCaps("none"),
        }, { until: () => true }),
      "subscriptions/listen for task ids from a non-declaring client",
    ),
    "sep-2663-legacy-capability-treated-as-non-declaring": expectMissing(
      (ctx) => taskRequest(ctx, "tasks/get", bogusName("mcptest-no-such-task"), "legacy"),
      "tasks/get from a client declaring only the legacy tasks capability",
    ),
    "sep-2663-legacy-task-param-ignored": async (ctx) => {
      const blocked = tasksGate(ctx);
      if (blocked) return blocked;
      const run = await taskRun(ctx);
      const tools = await safeTools(ctx);
      const tool = !isOutcome(run) ? run.tool : !isOutcome(tools) ? tools[0]?.name : undefined;
      if (tool === undefined) {
        return notVerified("no safe tool to call (name one with --safe-tool)");
      }
      const exchange = await ctx.session.request("tools/call", {
        name: tool,
        arguments: argumentsFor(ctx, tool),
        task: { ttl: 60_000 },
        _meta: clientCaps("none"),
      });
      const result = resultOf(exchange);
      if (!result) {
        return notVerified(`tools/call "${tool}" with a legacy task param: ${describe(exchange)}`);
      }
      return looksLikeTask(result)
        ? fail(
          `the legacy task param on tools/call "${tool}" was used as an opt-in (a task came back)`,
        )
        : pass(`tools/call "${tool}" with a legacy task param was served without a task`);
    },
    "sep-2663-routing-headers-accepted-on-tasks-get": async (ctx) => {
      const blocked = httpTasksGate(ctx);
      if (blocked) return blocked;
      const run = await taskRun(ctx);
      const taskId = isOutcome(run) ? bogusName("mcptest-no-such-task") : run.taskId;
      const withHeaders = await taskRequest(ctx, "tasks/get", taskId);
      const bare = await ctx.session.request("tasks/get", {
        taskId,
        _meta: clientCaps("declaring"),
      });
      if (isSilent(withHeaders) || isSilent(bare)) {
        return notVerified(
          `tasks/get with headers: ${describe(withHeaders)}; without: ${describe(bare)}`,
        );
      }
      const shape = (e: Exchange) => {
        const result = resultOf(e);
        return result ? `result ${String(result.taskId)}` : `error ${e.response?.error?.code}`;
      };
      if (withHeaders.http?.status === 400 && bare.http?.status !== 400) {
        return fail(`matching Mcp-Method/Mcp-Name headers were rejected: ${describe(withHeaders)}`);
      }
      return shape(withHeaders) === shape(bare)
        ? pass(`tasks/get with matching routing headers: ${shape(withHeaders)}, as without`)
        : fail(`with matching headers: ${describe(withHeaders)}; without: ${describe(bare)}`);
    },
    "sep-2663-server-rejects-mismatched-mcp-name-on-tasks-get": async (ctx) => {
      const blocked = httpTasksGate(ctx);
      if (blocked) return blocked;
      const exchange = await taskRequest(
        ctx,
        "tasks/get",
        bogusName("mcptest-body-task"),
        "declaring",
        {},
        bogusName("mcptest-header-task"),
      );
      const codes = errorCodes(ctx, "HeaderMismatch");
      const code = exchange.response?.error?.code;
      return exchange.http?.status === 400 && code !== undefined && codes.includes(code)
        ? pass(`Mcp-Name disagreeing with params.taskId: HTTP 400, error ${code}`)
        : fail(
          `Mcp-Name disagreeing with params.taskId: ${describe(exchange)}, expected HTTP 400 and ${
            codes.join(" or ")
          }`,
        );
    },
    // Read until the task's terminal status arrives on it (an event), else to the deadline
    // (--timeout). Evidence: the stream carried something (its acknowledgment, a status): a
    // silent stream proves nothing about what it would carry.
    "sep-2663-no-progress-or-message-on-task-stream": async (ctx) => {
      const run = await taskRun(ctx);
      if (isOutcome(run)) return run;
      const exchange = await ctx.stream("subscriptions/listen", {
        notifications: { taskIds: [run.taskId] },
        _meta: clientCaps("declaring"),
      }, { until: terminalStatus });
      if (exchange.response?.error) {
        return notVerified(`subscriptions/listen for the task: ${describe(exchange)}`);
      }
      const messages = exchange.notifications;
      const banned = messages.filter((n) => {
        const method = "method" in n ? String(n.method) : "";
        return method === "notifications/progress" || method === "notifications/message";
      });
      if (banned.length > 0) {
        return fail(`${banned.length} progress/log notification(s) on the task stream`);
      }
      return messages.length > 0
        ? pass(
          `no progress or log notification among ${messages.length} message(s) on the task stream`,
        )
        : notVerified("the task stream carried no message before the deadline");
    },
    "sep-2575-server-rejects-undeclared-capability": expectMissing(
      nonDeclaringGet,
      "tasks/get (which needs the tasks extension) from a client that did not declare it",
    ),
    "sep-2575-missing-capability-http-400": async (ctx) => {
      const refused = await nonDeclaringRefusal(ctx, httpTasksGate);
      if (isOutcome(refused)) return refused;
      const { exchange, code } = refused;
      return exchange.http?.status === 400 ? pass(`error ${code} with HTTP 400`) : fail(
        `error ${code} with HTTP ${exchange.http?.status ?? "status unknown"}, expected 400`,
      );
    },
  },
};
