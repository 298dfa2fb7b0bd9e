/** @module callAsTask() and requestWithInput(): tasks followed to their end in both dialects, input rounds answered by the client scripts; every wait is paced by the server's interval and bounded by a deadline on an injected clock. */

import assert from "node:assert/strict";
import { handshake } from "../../../src/2_connect/session/handshake.ts";
import { requestWithInput } from "../../../src/2_connect/session/input_rounds.ts";
import { McpSession } from "../../../src/2_connect/session/session.ts";
import { callAsTask } from "../../../src/2_connect/session/tasks.ts";
import type { ClientSpec } from "../../../src/2_connect/session/client_spec.ts";
import { findRevision } from "../../../src/0_base/protocol/revisions.ts";
import { ScriptedTransport } from "../../_helpers/scripted_transport.ts";

type Msg = { id?: number | string; method?: string; params?: Record<string, unknown> };
const ELICIT: ClientSpec = {
  capabilities: { elicitation: { form: true } },
  elicitation: [{ result: { action: "accept", content: { name: "Ada" } } }],
};

/** A session over a scripted server speaking `revision`, after its handshake. */
async function sessionOn(
  revision: string,
  serve: (m: Msg, t: ScriptedTransport) => void,
  client: ClientSpec = { capabilities: {} },
) {
  const stateless = revision >= "2026-07-28";
  const transport = new ScriptedTransport((message, server) => {
    const m = message as Msg;
    if (m.method === "initialize" || m.method === "server/discover") {
      const capabilities = { tools: {} };
      server.write({
        jsonrpc: "2.0",
        id: m.id,
        result: stateless
          ? { supportedVersions: [revision], capabilities }
          : { protocolVersion: revision, capabilities, serverInfo: { name: "t", version: "1" } },
      });
      return;
    }
    serve(m, server);
  });
  const session = new McpSession({
    server: {
      key: "t",
      name: "t",
      target: { kind: "stdio", command: ["t"], env: {} },
      timeoutMs: 60_000,
      client,
    },
    transport,
    clientInfo: { name: "mcptest", version: "t" },
  });
  await handshake(session, {
    pin: findRevision(revision),
    clientInfo: { name: "mcptest", version: "t" },
    timeoutMs: 60_000,
  });
  return { session, transport };
}

const reply = (t: ScriptedTransport, id: unknown, result: unknown) =>
  t.write({ jsonrpc: "2.0", id, result });

Deno.test("callAsTask() follows a 2025-11-25 task to its result", async () => {
  let polls = 0;
  const { session, transport } = await sessionOn("2025-11-25", (m, t) => {
    if (m.method === "tools/call") {
      assert.deepEqual(m.params?.task, { ttl: 5000 });
      reply(t, m.id, { task: { taskId: "t1", status: "working", pollInterval: 0, ttl: 5000 } });
    } else if (m.method === "tasks/get") {
      polls++;
      reply(t, m.id, { taskId: "t1", status: polls < 3 ? "working" : "completed", ttl: 5000 });
    } else if (m.method === "tasks/result") {
      reply(t, m.id, { content: [{ type: "text", text: "done" }] });
    }
  });
  try {
    const run = await callAsTask(session, "research", { q: "x" }, {
      timeoutMs: 60_000,
      ttlMs: 5000,
    });
    assert.equal(run.taskId, "t1");
    assert.deepEqual(run.statuses, ["working", "working", "working", "completed"]);
    assert.deepEqual(run.result, { content: [{ type: "text", text: "done" }] });
    assert.equal(run.stopped, undefined);
    assert.deepEqual(
      transport.sent.map((m) => (m as Msg).method).filter((x) => x?.startsWith("tasks/")),
      ["tasks/get", "tasks/get", "tasks/get", "tasks/result"],
    );
  } finally {
    await session.close();
  }
});

Deno.test("callAsTask() answers a 2026 task's input with the scripts and reads the inline result", async () => {
  const updates: unknown[] = [];
  let polls = 0;
  const { session } = await sessionOn("2026-07-28", (m, t) => {
    if (m.method === "tools/call") {
      const caps = (m.params?._meta as Record<string, Record<string, unknown>>)[
        "io.modelcontextprotocol/clientCapabilities"
      ];
      assert.ok((caps?.extensions as Record<string, unknown>)["io.modelcontextprotocol/tasks"]);
      reply(t, m.id, { resultType: "task", taskId: "x", status: "working", pollIntervalMs: 0 });
    } else if (m.method === "tasks/get") {
      polls++;
      reply(
        t,
        m.id,
        polls === 1
          ? {
            taskId: "x",
            status: "input_required",
            inputRequests: { who: { method: "elicitation/create", params: { message: "name?" } } },
          }
          : {
            taskId: "x",
            status: "completed",
            result: { content: [{ type: "text", text: "hi Ada" }] },
          },
      );
    } else if (m.method === "tasks/update") {
      updates.push(m.params?.inputResponses);
      reply(t, m.id, {});
    }
  }, ELICIT);
  try {
    const run = await callAsTask(session, "greet", {}, { timeoutMs: 60_000 });
    assert.deepEqual(run.statuses, ["working", "input_required", "completed"]);
    assert.deepEqual(updates, [{ who: { action: "accept", content: { name: "Ada" } } }]);
    assert.deepEqual(run.answers.map((a) => [a.request.method, a.kind]), [
      ["elicitation/create", "scripted"],
    ]);
    assert.deepEqual(run.result, { content: [{ type: "text", text: "hi Ada" }] });
  } finally {
    await session.close();
  }
});

Deno.test("callAsTask() stops at the deadline on its clock, and can cancel", async (t) => {
  await t.step("a task that never ends stops at the deadline, saying so", async () => {
    let clock = 0;
    const { session } = await sessionOn("2025-11-25", (m, tr) => {
      if (m.method === "tools/call") {
        reply(tr, m.id, { task: { taskId: "s", status: "working", pollInterval: 0 } });
      } else if (m.method === "tasks/get") {
        clock += 1000;
        reply(tr, m.id, { taskId: "s", status: "working" });
      }
    });
    try {
      const run = await callAsTask(session, "slow", {}, { timeoutMs: 3000, now: () => clock });
      assert.match(run.stopped ?? "", /^the task was still working at the deadline \(3000 ms\)$/);
      assert.equal(run.polls.length, 3);
    } finally {
      await session.close();
    }
  });
  await t.step("cancel: tasks/cancel right after creation, followed to cancelled", async () => {
    const { session } = await sessionOn("2025-11-25", (m, tr) => {
      if (m.method === "tools/call") reply(tr, m.id, { task: { taskId: "c", status: "working" } });
      else if (m.method === "tasks/cancel") reply(tr, m.id, { taskId: "c", status: "cancelled" });
      else if (m.method === "tasks/get") reply(tr, m.id, { taskId: "c", status: "cancelled" });
    });
    try {
      const run = await callAsTask(session, "x", {}, { timeoutMs: 60_000, cancel: true });
      assert.deepEqual(run.statuses, ["working", "cancelled"]);
      assert.equal((run.cancelled?.response?.result as { status: string }).status, "cancelled");
      assert.equal(run.result, undefined);
    } finally {
      await session.close();
    }
  });
  await t.step("a tool that answers at once: its result, no task", async () => {
    const { session } = await sessionOn("2025-11-25", (m, tr) => {
      if (m.method === "tools/call") reply(tr, m.id, { content: [] });
    });
    try {
      const run = await callAsTask(session, "x", {}, { timeoutMs: 60_000 });
      assert.equal(run.taskId, undefined);
      assert.deepEqual(run.result, { content: [] });
    } finally {
      await session.close();
    }
  });
});

Deno.test("requestWithInput() answers input rounds and sends the request state back", async () => {
  const seen: Array<Record<string, unknown> | undefined> = [];
  const { session } = await sessionOn("2026-07-28", (m, t) => {
    if (m.method !== "tools/call") return;
    seen.push(m.params);
    if (m.params?.inputResponses === undefined) {
      reply(t, m.id, {
        resultType: "input_required",
        inputRequests: { who: { method: "elicitation/create", params: { message: "name?" } } },
        requestState: "opaque-1",
      });
    } else reply(t, m.id, { content: [{ type: "text", text: "hi" }] });
  }, ELICIT);
  try {
    const out = await requestWithInput(session, "tools/call", { name: "greet", arguments: {} });
    assert.deepEqual(out.exchange.response?.result, { content: [{ type: "text", text: "hi" }] });
    assert.equal(out.rounds.length, 1);
    assert.deepEqual(seen[1]?.inputResponses, {
      who: { action: "accept", content: { name: "Ada" } },
    });
    assert.equal(seen[1]?.requestState, "opaque-1");
  } finally {
    await session.close();
  }
});
