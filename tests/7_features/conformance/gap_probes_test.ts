/** @module The probes that closed upstream's server-side gaps: SEP-2663 task lifecycle and gating, SEP-2322 MRTR, SEP-2243 Mcp-Param headers. */

import assert from "node:assert/strict";
import type { ProbeContext } from "../../../src/7_features/conformance/probes/probe_types.ts";
import type { Exchange } from "../../../src/2_connect/session/types.ts";
import { runProbe as run, type Script, scriptedContext, TIMEOUT } from "./_scripted.ts";

type Json = Record<string, unknown>;

const TASKS = "io.modelcontextprotocol/tasks";
const EXT = { extensions: { [TASKS]: {} }, tools: {} };
const HTTP400 = { status: 400, headers: {} };

function context(
  script: Script & { notify?: (method: string, params: Json) => void },
  capabilities: Json = EXT,
): ProbeContext {
  return scriptedContext({
    script,
    capabilities,
    ...(script.notify ? { onNotify: script.notify } : {}),
  });
}

function capsOf(params: Json): Json | undefined {
  return (params._meta as Record<string, Json> | undefined)?.[
    "io.modelcontextprotocol/clientCapabilities"
  ];
}

const TOOL = {
  name: "report",
  inputSchema: { type: "object" },
  annotations: { readOnlyHint: true },
};

/**
 * A tasks server: `bad` names the faults it has. Its tasks report `working` once, then complete;
 * with `notify` a notifications/cancelled cancels the last task it created, one poll late.
 */
function tasksServer(
  bad: ReadonlySet<string> = new Set(),
): Script & { notify: (method: string, params: Json) => void } {
  const tasks = new Map<string, { gets: number; cancelled: boolean; cancelAt?: number }>();
  let next = 0;
  const missing = {
    error: {
      code: -32021,
      data: bad.has("shape") ? {} : { requiredCapabilities: { extensions: { [TASKS]: {} } } },
    },
    http: bad.has("status") ? { status: 200, headers: {} } : HTTP400,
  };
  const script: Script = (method, params, seen) => {
    const declaring = capsOf(params)?.extensions !== undefined;
    if (method === "tools/list") return { result: { tools: [TOOL] } };
    if (method === "tools/call") {
      if (!declaring && !bad.has("undeclared")) {
        return { result: { resultType: "complete", content: [{ type: "text", text: "ok" }] } };
      }
      const taskId = `task-${++next}`;
      tasks.set(taskId, { gets: 0, cancelled: false });
      return {
        result: {
          resultType: bad.has("create") ? "complete" : "task",
          taskId,
          status: "working",
        },
      };
    }
    if (method === "subscriptions/listen") {
      if (!declaring) return bad.has("gating") ? TIMEOUT : missing;
      const ack = { jsonrpc: "2.0" as const, method: "notifications/subscriptions/acknowledged" };
      const noise = { jsonrpc: "2.0" as const, method: "notifications/message", params: {} };
      const sent = bad.has("stream") ? [ack, noise] : bad.has("silent-stream") ? [] : [ack];
      return { ...TIMEOUT, notifications: sent };
    }
    if (!method.startsWith("tasks/")) return { error: { code: -32601 } };
    if (!declaring && !bad.has("gating")) return missing;
    const taskId = String(params.taskId);
    const name = seen.headers["Mcp-Name"];
    if (name !== undefined && name !== taskId && !bad.has("headers")) {
      return { error: { code: -32020 }, http: HTTP400 };
    }
    const task = tasks.get(taskId);
    if (!task) return { error: { code: -32602 } };
    if (method === "tasks/cancel") {
      task.cancelled = true;
      return {
        result: bad.has("ack") ? { resultType: "complete", taskId } : { resultType: "complete" },
      };
    }
    if (method === "tasks/update") {
      return bad.has("update")
        ? { error: { code: -32602 } }
        : { result: { resultType: "complete" } };
    }
    task.gets++;
    const base = { resultType: bad.has("get") ? "task" : "complete", taskId, pollIntervalMs: 0 };
    if (task.cancelAt !== undefined && task.gets >= task.cancelAt) task.cancelled = true;
    if (task.cancelled) return { result: { ...base, status: "cancelled" } };
    if (task.gets < 2) return { result: { ...base, status: "working" } };
    return {
      result: bad.has("completed")
        ? { ...base, status: "completed" }
        : { ...base, status: "completed", result: { content: [], isError: false } },
    };
  };
  const notify = (method: string) => {
    const last = tasks.get(`task-${next}`);
    if (method === "notifications/cancelled" && bad.has("notify-cancels") && last) {
      last.cancelAt = last.gets + 2;
    }
  };
  return Object.assign(script, { notify });
}

const TASK_CHECKS: Readonly<Record<string, string>> = {
  "sep-2663-result-type-task-on-create": "create",
  "sep-2663-result-type-complete-on-tasks-get": "get",
  "sep-2663-tasks-get-status-completed": "completed",
  "sep-2663-update-ack-empty-result": "update",
  "sep-2663-result-type-complete-on-tasks-update": "update",
  "sep-2663-update-ignore-unknown-keys": "update",
  "sep-2663-cancel-ack-empty-result": "ack",
  "sep-2663-server-returns-missing-capability-when-required": "undeclared",
  "sep-2663-legacy-task-param-ignored": "undeclared",
  "sep-2663-server-returns-missing-capability-data-shape": "shape",
  "sep-2663-subscribe-missing-capability-non-declaring": "gating",
  "sep-2663-legacy-capability-treated-as-non-declaring": "gating",
  "sep-2575-server-rejects-undeclared-capability": "gating",
  "sep-2575-missing-capability-http-400": "status",
  "sep-2663-server-rejects-mismatched-mcp-name-on-tasks-get": "headers",
  "sep-2663-no-progress-or-message-on-task-stream": "stream",
  "sep-2663-cancel-not-via-cancelled-notification": "notify-cancels",
};

Deno.test("SEP-2663 lifecycle and gating probes judge a task created from a safe tool", async (t) => {
  await t.step("a conforming tasks server passes", async () => {
    for (
      const check of [
        ...Object.keys(TASK_CHECKS),
        "sep-2663-durable-create-strong-consistency",
        "sep-2663-tasks-get-status-working",
        "sep-2663-tasks-get-status-cancelled",
        "sep-2663-result-type-complete-on-tasks-cancel",
        "sep-2663-routing-headers-accepted-on-tasks-get",
      ]
    ) {
      const outcome = await run(check, context(tasksServer()));
      assert.equal(outcome.status, "pass", `${check}: ${outcome.detail}`);
    }
  });
  await t.step("each fault fails its check", async () => {
    for (const [check, fault] of Object.entries(TASK_CHECKS)) {
      const outcome = await run(check, context(tasksServer(new Set([fault]))));
      assert.equal(outcome.status, "fail", `${check} with fault ${fault}: ${outcome.detail}`);
    }
  });
  await t.step("a task stream that carries nothing is not verified", async () => {
    const check = "sep-2663-no-progress-or-message-on-task-stream";
    const outcome = await run(check, context(tasksServer(new Set(["silent-stream"]))));
    assert.equal(outcome.status, "not-verified");
    assert.match(outcome.detail ?? "", /carried no message before the deadline/);
  });
  await t.step("a tasks/update that gets no answer is not verified, never a pass", async () => {
    const base = tasksServer();
    const silent: Script = (method, params, seen) =>
      method === "tasks/update" ? TIMEOUT : base(method, params, seen);
    const outcome = await run("sep-2663-update-ignore-unknown-keys", context(silent));
    assert.equal(outcome.status, "not-verified", outcome.detail);
  });
  await t.step("routing headers: two requests without an answer are not verified", async () => {
    const base = tasksServer();
    const silent: Script = (method, params, seen) =>
      method === "tasks/get" ? TIMEOUT : base(method, params, seen);
    const ctx = scriptedContext({ script: silent, capabilities: EXT });
    const outcome = await run("sep-2663-routing-headers-accepted-on-tasks-get", ctx);
    assert.equal(outcome.status, "not-verified", outcome.detail);
  });
  await t.step(
    "a task that never ends is polled to the deadline, at its pollIntervalMs",
    async () => {
      let gets = 0;
      const endless: Script = (method, params) => {
        if (method === "tools/list") return { result: { tools: [TOOL] } };
        if (method === "tools/call" && capsOf(params)?.extensions !== undefined) {
          return { result: { resultType: "task", taskId: "t1", status: "working" } };
        }
        if (method === "tasks/get") {
          gets++;
          return {
            result: {
              resultType: "complete",
              taskId: "t1",
              status: "working",
              pollIntervalMs: 5_000,
            },
          };
        }
        return { error: { code: -32601 } };
      };
      const ctx = context(endless);
      const working = await run("sep-2663-tasks-get-status-working", ctx);
      assert.equal(working.status, "pass", working.detail);
      const completed = await run("sep-2663-tasks-get-status-completed", ctx);
      assert.equal(completed.status, "not-verified");
      assert.match(completed.detail ?? "", /seen: working/);
      // The first task's polls end at the deadline (the fake's 1000 ms --timeout): the 5 s interval
      // is cut there, so each of the two tasks was polled at most three times, whatever the load.
      assert.ok(gets <= 6, `${gets} tasks/get`);
    },
  );
  await t.step("statuses never reached are not-verified, with the statuses seen", async () => {
    const outcome = await run("sep-2663-tasks-get-status-failed", context(tasksServer()));
    assert.equal(outcome.status, "not-verified");
    assert.match(outcome.detail ?? "", /"failed".*seen: working, completed, cancelled/);
  });
  await t.step("no safe tool creates a task: not-verified with the reason", async () => {
    const plain: Script = (method) =>
      method === "tools/list"
        ? { result: { tools: [TOOL] } }
        : { result: { resultType: "complete", content: [] } };
    const outcome = await run("sep-2663-result-type-task-on-create", context(plain));
    assert.equal(outcome.status, "not-verified");
    assert.match(outcome.detail ?? "", /marks no tool as task-capable/);
  });
  await t.step("a server without the extension: not applicable (capability-gated)", async () => {
    for (const check of Object.keys(TASK_CHECKS)) {
      const outcome = await run(check, context(tasksServer(), { tools: {} }));
      assert.equal(outcome.status, "not-applicable", check);
      assert.match(outcome.detail ?? "", /capability-gated/);
    }
  });
});

/** An MRTR tool: asks for elicitation, re-asks when the answer is missing or unparseable. */
function mrtrServer(bad: ReadonlySet<string> = new Set()): Script {
  return (method, params) => {
    if (method === "tools/list") return { result: { tools: [TOOL] } };
    if (method !== "tools/call") return { result: { resultType: "complete", tools: [] } };
    if (typeof params.name !== "string") {
      return bad.has("protocol") ? { result: {} } : { error: { code: -32602 } };
    }
    const answer = (params.inputResponses as Json | undefined)?.login;
    const ask = {
      resultType: "input_required",
      inputRequests: {
        login: bad.has("variant")
          ? { method: "ping" }
          : { method: "elicitation/create", params: { message: "who?" } },
      },
      ...(bad.has("state") ? {} : { requestState: "s1" }),
      ...(bad.has("state") ? { inputRequests: undefined } : {}),
    };
    if (answer === undefined) {
      const retry = params.requestState !== undefined;
      return bad.has("rerequest") && retry ? { error: { code: -32602 } } : { result: ask };
    }
    if (typeof answer !== "object" && !bad.has("validate")) return { result: ask };
    return { result: { resultType: "complete", content: [] } };
  };
}

Deno.test("SEP-2322 MRTR probes judge a safe tool's InputRequiredResult", async (t) => {
  const checks: Record<string, string> = {
    "sep-2322-request-state-incomplete": "state",
    "sep-2322-elicitation-incomplete": "variant",
    "sep-2322-missing-response-rerequests": "rerequest",
    "sep-2322-validate-input-responses": "validate",
  };
  await t.step("a conforming MRTR tool passes", async () => {
    for (const check of Object.keys(checks)) {
      const outcome = await run(check, context(mrtrServer(), { tools: {} }));
      assert.equal(outcome.status, "pass", `${check}: ${outcome.detail}`);
    }
  });
  await t.step("each fault fails its check", async () => {
    for (const [check, fault] of Object.entries(checks)) {
      const outcome = await run(check, context(mrtrServer(new Set([fault])), { tools: {} }));
      assert.equal(outcome.status, "fail", `${check}: ${outcome.detail}`);
    }
  });
  await t.step("a variant never asked for is not-verified", async () => {
    const outcome = await run("sep-2322-sampling-incomplete", context(mrtrServer(), { tools: {} }));
    assert.equal(outcome.status, "not-verified");
  });
  await t.step("unexpected inputResponses on a list request are ignored or not", async () => {
    const check = "sep-2322-ignore-unexpected-params";
    const good: Script = () => ({ result: { tools: [] } });
    const bad: Script = () => ({ error: { code: -32602 } });
    assert.equal((await run(check, context(good, { tools: {} }))).status, "pass");
    assert.equal((await run(check, context(bad, { tools: {} }))).status, "fail");
  });
  await t.step("protocol errors get JSON-RPC errors", async () => {
    const check = "sep-2322-error-on-protocol-error";
    for (const [fault, expected] of [[false, "pass"], [true, "fail"]] as const) {
      const ctx = context(mrtrServer(new Set(fault ? ["protocol"] : [])), { tools: {} });
      const session = ctx.session as { sendRaw: unknown };
      session.sendRaw = () =>
        Promise.resolve({
          request: { jsonrpc: "2.0", method: "" },
          response: { jsonrpc: "2.0", id: null, error: { code: -32700, message: "parse error" } },
          durationMs: 1,
          notifications: [],
        } as unknown as Exchange);
      assert.equal((await run(check, ctx)).status, expected, `fault ${fault}`);
    }
  });
});

/** A tool with one header-mirrored parameter; `bad` names the faults. */
function headerServer(required: boolean, bad: ReadonlySet<string> = new Set()): Script {
  const tool = {
    name: "lookup",
    annotations: { readOnlyHint: true },
    inputSchema: {
      type: "object",
      properties: { key: { type: "string", "x-mcp-header": "Key" } },
      ...(required ? { required: ["key"] } : {}),
    },
  };
  const reject = { error: { code: -32020 }, http: HTTP400 };
  return (method, params, seen) => {
    if (method === "tools/list") return { result: { tools: [tool] } };
    const args = (params.arguments ?? {}) as Json;
    const header = seen.headers["Mcp-Param-Key"];
    if (args.key === undefined) {
      if (header === undefined && bad.has("null")) return reject;
      return required && !bad.has("required")
        ? { error: { code: -32602 } }
        : { result: { content: [] } };
    }
    if (header === undefined) return reject;
    if (/[^\x20-\x7e]/.test(header)) return bad.has("chars") ? { result: { content: [] } } : reject;
    const match = /^=\?base64\?(.*)\?=$/.exec(header);
    const decoded = match && !bad.has("decode") ? atob(match[1]!) : header;
    if (decoded !== args.key && !bad.has("match")) return reject;
    return { result: { content: [] } };
  };
}

Deno.test("SEP-2243 Mcp-Param probes judge a read-only tool's mirrored parameter", async (t) => {
  const cases: Array<[string, boolean, string]> = [
    ["sep-2243-server-not-expect-null", false, "null"],
    ["sep-2243-server-reject-missing-required", true, "required"],
    ["sep-2243-server-reject-invalid-param-chars", true, "chars"],
    ["sep-2243-server-validate-param-match", true, "match"],
    ["sep-2243-server-validate-param-match", true, "decode"],
  ];
  for (const [check, required, fault] of cases) {
    await t.step(`${check}: passes, then fails with fault ${fault}`, async () => {
      const good = await run(check, context(headerServer(required), { tools: {} }));
      assert.equal(good.status, "pass", `${check}: ${good.detail}`);
      const bad = await run(
        check,
        context(headerServer(required, new Set([fault])), { tools: {} }),
      );
      assert.equal(bad.status, "fail", `${check}: ${bad.detail}`);
    });
  }
  await t.step("no mirrored parameter: not applicable", async () => {
    const none: Script = () => ({ result: { tools: [TOOL] } });
    const outcome = await run("sep-2243-server-not-expect-null", context(none, { tools: {} }));
    assert.equal(outcome.status, "not-applicable");
  });
});
