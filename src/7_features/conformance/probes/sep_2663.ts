/** @module SEP-2663 probes (the tasks extension): only servers that declare `io.modelcontextprotocol/tasks` are judged, except where every server is bound. */

import { META_CLIENT_CAPABILITIES } from "../../../2_connect/session/meta.ts";
import type { Exchange } from "../../../2_connect/session/types.ts";
import {
  fail,
  notApplicable,
  notVerified,
  pass,
  type Probe,
  type ProbeContext,
  type ProbeOutcome,
  type ProbeSet,
} from "./probe_types.ts";
import { answered, countByMethod, methodOf, paramsOf } from "./_evidence.ts";
import { asRecord, bogusName, describe, hasCapability, lacks, resultOf } from "./_helpers.ts";
import { errorCodes, needsStateless } from "./_stateless.ts";

/** The extension identifier. */
export const TASKS_EXTENSION = "io.modelcontextprotocol/tasks";

/** Whether the server declares the tasks extension in its capabilities. */
function declares(ctx: ProbeContext): boolean {
  return asRecord(asRecord(ctx.capabilities.extensions)?.[TASKS_EXTENSION]) !== undefined;
}

function gate(ctx: ProbeContext): ProbeOutcome | undefined {
  return needsStateless(ctx) ??
    (declares(ctx)
      ? undefined
      : notApplicable(`the server does not declare the ${TASKS_EXTENSION} extension`));
}

/** A tasks/* request for a task that does not exist, declaring the extension (or not). */
function unknownTask(ctx: ProbeContext, method: string, declaring: boolean): Promise<Exchange> {
  const capabilities = declaring ? { extensions: { [TASKS_EXTENSION]: {} } } : {};
  const params: Record<string, unknown> = {
    taskId: bogusName("mcptest-no-such-task"),
    _meta: { [META_CLIENT_CAPABILITIES]: capabilities },
  };
  if (method === "tasks/update") params.inputResponses = {};
  return ctx.session.request(method, params);
}

function expectCode(methods: readonly string[], code: number, declaring: boolean): Probe {
  return async (ctx) => {
    const blocked = gate(ctx);
    if (blocked) return blocked;
    const wrong: string[] = [];
    for (const method of methods) {
      const exchange = await unknownTask(ctx, method, declaring);
      if (exchange.response?.error?.code !== code) wrong.push(`${method}: ${describe(exchange)}`);
    }
    return wrong.length === 0
      ? pass(`${methods.join(", ")} on an unknown task: error ${code}`)
      : fail(`expected ${code}; ${wrong.join("; ")}`);
  };
}

function anyError(method: string): Probe {
  return async (ctx) => {
    const blocked = gate(ctx);
    if (blocked) return blocked;
    const exchange = await unknownTask(ctx, method, true);
    if (exchange.response?.error) {
      return pass(`${method} on an unknown task: ${describe(exchange)}`);
    }
    if (exchange.response) return fail(`${method} on an unknown task was answered with a result`);
    return notVerified(`${method}: ${describe(exchange)}`);
  };
}

/** Whether a request's `_meta` client capabilities declare the tasks extension. */
function declaredTasks(exchange: Exchange): boolean {
  const caps = asRecord(asRecord(paramsOf(exchange)._meta)?.[META_CLIENT_CAPABILITIES]);
  return asRecord(asRecord(caps?.extensions)?.[TASKS_EXTENSION]) !== undefined;
}

/** Whether an exchange's result carries `resultType: "task"`. */
function isTaskResult(exchange: Exchange): boolean {
  return resultOf(exchange)?.resultType === "task";
}

/** Check id -> probe. */
export const sep2663: ProbeSet = {
  probes: {
    "sep-2663-tasks-get-invalid-task-id-32602": expectCode(["tasks/get"], -32602, true),
    "sep-2663-tasks-update-cancel-invalid-task-id-32602": expectCode(
      ["tasks/update", "tasks/cancel"],
      -32602,
      true,
    ),
    "sep-2663-update-error-unknown-task-id": anyError("tasks/update"),
    "sep-2663-cancel-error-unknown-task-id": anyError("tasks/cancel"),
    "sep-2663-tasks-methods-non-declaring": async (ctx) => {
      const blocked = gate(ctx);
      if (blocked) return blocked;
      const codes = errorCodes(ctx, "MissingRequiredClientCapability");
      const wrong: string[] = [];
      for (const method of ["tasks/get", "tasks/update", "tasks/cancel"]) {
        const exchange = await unknownTask(ctx, method, false);
        const code = exchange.response?.error?.code;
        if (code === undefined || !codes.includes(code)) {
          wrong.push(`${method}: ${describe(exchange)}`);
        }
      }
      return wrong.length === 0
        ? pass(`tasks/* without the extension declared: error ${codes.join(" or ")}`)
        : fail(`expected ${codes.join(" or ")} from a non-declaring client; ${wrong.join("; ")}`);
    },
    "sep-2663-tasks-result-removed-method-not-found": async (ctx) => {
      const blocked = gate(ctx);
      if (blocked) return blocked;
      const exchange = await unknownTask(ctx, "tasks/result", true);
      return exchange.response?.error?.code === -32601
        ? pass("tasks/result: error -32601")
        : fail(`tasks/result: ${describe(exchange)}, expected -32601`);
    },
    "sep-2663-migrate-from-legacy-capabilities": (ctx) => {
      const blocked = gate(ctx);
      if (blocked) return Promise.resolve(blocked);
      const legacy = asRecord(ctx.capabilities.tasks);
      return Promise.resolve(
        legacy
          ? fail(`the legacy tasks capability is still advertised: ${JSON.stringify(legacy)}`)
          : pass(`only ${TASKS_EXTENSION} is declared`),
      );
    },
    // Evidence: results of other methods the server answered during the run.
    "sep-2663-no-task-result-type-on-others": (ctx) => {
      const blocked = needsStateless(ctx);
      if (blocked) return Promise.resolve(blocked);
      const others = answered(ctx).filter((exchange) => methodOf(exchange) !== "tools/call");
      const wrong = others.find(isTaskResult);
      if (wrong) return Promise.resolve(fail(`${methodOf(wrong)} answered resultType "task"`));
      return Promise.resolve(
        others.length > 0
          ? pass(
            `no result other than a tools/call result had resultType "task" (${
              countByMethod(others)
            })`,
          )
          : notVerified("the server answered no request other than tools/call with a result"),
      );
    },
    // Evidence: a tools/call from a client that did not declare the extension (every tools/call
    // but the task probes' own), answered with a result.
    "sep-2663-server-rejects-undeclared-client": (ctx) => {
      const blocked = needsStateless(ctx);
      if (blocked) return Promise.resolve(blocked);
      if (!hasCapability(ctx, "tools")) return Promise.resolve(lacks("tools"));
      const calls = answered(ctx, ["tools/call"]).filter((exchange) => !declaredTasks(exchange));
      if (calls.some(isTaskResult)) {
        return Promise.resolve(
          fail(
            "a tools/call from a client that did not declare the extension got a CreateTaskResult",
          ),
        );
      }
      return Promise.resolve(
        calls.length > 0
          ? pass(
            `${calls.length} tools/call without the extension declared were answered, none ` +
              "with a CreateTaskResult",
          )
          : notVerified(
            "no tools/call from a client without the extension declared was answered during the run",
          ),
      );
    },
  },
  late: ["sep-2663-no-task-result-type-on-others", "sep-2663-server-rejects-undeclared-client"],
};
