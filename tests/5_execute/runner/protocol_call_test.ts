/** @module executeTest() with protocol options over a scripted server: progress, logs, server requests and scripted replies, tasks, input rounds and pages are targets; each check fails on a bad server and passes on a good one. */

import assert from "node:assert/strict";
import { executeTest } from "../../../src/5_execute/runner/execute_test.ts";
import { prepareTests } from "../../../src/5_execute/runner/prepare.ts";
import { progressTokenOf } from "../../../src/5_execute/runner/protocol_call.ts";
import { MAX_PAGES } from "../../../src/5_execute/runner/pages.ts";
import type { Assertion, Call, Suite, TestCase } from "../../../src/3_load/config/types.ts";
import type { ClientSpec } from "../../../src/2_connect/session/client_spec.ts";
import { scriptedSession, type ScriptedTransport } from "../../_helpers/scripted_transport.ts";
import { ConfigErrors } from "../../../src/0_base/errors/errors.ts";
import { loadSchemaEngine } from "../../../src/1_matchers/schema.ts";

// Matchers are compiled here directly, not behind a run or a load that loads the engine.
await loadSchemaEngine();

type Msg = {
  id?: number | string;
  method?: string;
  params?: Record<string, unknown>;
  result?: unknown;
};
type Serve = (m: Msg, t: ScriptedTransport) => void;

const pos = { file: "suite.yml", line: 1, col: 1 };
const TOOL: Call = { kind: "tool", tool: "work", args: {} };

function check(target: string, name: string, arg: unknown): Assertion {
  return { kind: "assertion", target, matcher: { name, arg, pos }, pos };
}

function testOf(
  assertions: Assertion[],
  extra: Partial<TestCase> = {},
  call: Call = TOOL,
): TestCase {
  return {
    id: "suite.yml::tool::t",
    name: "t",
    kind: call.kind,
    serverKey: "scripted",
    call,
    assertions,
    budgets: [],
    file: "suite.yml",
    pos,
    order: 0,
    ...extra,
  };
}

function suiteOf(test: TestCase): Suite {
  return { files: ["suite.yml"], servers: {}, tests: [test], secrets: [] };
}

async function run(test: TestCase, serve: Serve) {
  const { session } = scriptedSession((message, transport) => serve(message as Msg, transport));
  try {
    const [prepared] = prepareTests(suiteOf(test));
    return await executeTest(session, prepared!, { updateSnapshots: false });
  } finally {
    await session.close();
  }
}

const reply = (t: ScriptedTransport, id: unknown, result: unknown) =>
  t.write({ jsonrpc: "2.0", id, result });
const text = (value: string) => ({ content: [{ type: "text", text: value }] });

Deno.test("progress: true sends a progressToken; target progress holds its notifications", async () => {
  const test = testOf([
    check("progress", "schema", { type: "array", minItems: 2 }),
    check("progress[-1].progress", "exact", 2),
  ], { protocol: { progress: true } });
  const good: Serve = (m, t) => {
    if (m.method !== "tools/call") return;
    const token = (m.params?._meta as { progressToken?: unknown } | undefined)?.progressToken;
    assert.equal(token, progressTokenOf(test));
    for (const progress of [1, 2]) {
      t.write({
        jsonrpc: "2.0",
        method: "notifications/progress",
        params: { progressToken: token, progress, total: 2 },
      });
    }
    // Another token's progress is not this test's.
    t.write({
      jsonrpc: "2.0",
      method: "notifications/progress",
      params: { progressToken: "other", progress: 9 },
    });
    reply(t, m.id, text("done"));
  };
  assert.equal((await run(test, good)).status, "pass");
  const silent: Serve = (m, t) => m.method === "tools/call" && reply(t, m.id, text("done"));
  const result = await run(test, silent);
  assert.equal(result.status, "fail");
});

Deno.test("log_level: sets the level first; target logs and notifications hold what the call drew", async () => {
  const test = testOf([
    check("logs[0].level", "exact", "debug"),
    check("notifications[0].method", "exact", "notifications/message"),
  ], { protocol: { logLevel: "debug" } });
  let level: unknown;
  const good: Serve = (m, t) => {
    if (m.method === "logging/setLevel") {
      level = m.params?.level;
      reply(t, m.id, {});
    } else if (m.method === "tools/call") {
      t.write({
        jsonrpc: "2.0",
        method: "notifications/message",
        params: { level, data: "hello" },
      });
      reply(t, m.id, text("ok"));
    }
  };
  assert.equal((await run(test, good)).status, "pass");
  const refuses: Serve = (m, t) => {
    if (m.method === "logging/setLevel") {
      t.write({ jsonrpc: "2.0", id: m.id, error: { code: -32601, message: "no logging" } });
    } else if (m.method === "tools/call") reply(t, m.id, text("ok"));
  };
  const refused = await run(test, refuses);
  assert.equal(refused.status, "error");
  assert.match(refused.failure?.message ?? "", /logging\/setLevel/);
});

const SAMPLING: ClientSpec = {
  capabilities: { sampling: {} },
  sampling: [{
    when: [{
      target: "params.messages[0].content.text",
      matcher: { name: "icontains", arg: "weather", pos },
    }],
    result: { role: "assistant", content: { type: "text", text: "sunny" }, model: "m" },
  }],
};

/** A tool that asks the client to sample with `prompt` and returns what it got. */
function sampler(prompt: string): Serve {
  let call: Msg | undefined;
  return (m, t) => {
    if (m.method === "tools/call") {
      call = m;
      t.write({
        jsonrpc: "2.0",
        id: "s1",
        method: "sampling/createMessage",
        params: { messages: [{ role: "user", content: { type: "text", text: prompt } }] },
      });
    } else if (m.id === "s1" && call) {
      reply(t, call.id, text(JSON.stringify(m.result ?? m)));
    }
  };
}

Deno.test("client: scripted sampling answers the server; server_requests is a target", async () => {
  const test = testOf([
    check("server_requests[0].method", "exact", "sampling/createMessage"),
    check("server_requests[0].kind", "exact", "scripted"),
    check("result.content[0].text", "icontains", "sunny"),
  ], { client: SAMPLING });
  assert.equal((await run(test, sampler("what is the weather?"))).status, "pass");
  // A request no script covers: answered with an error, and the test fails naming it.
  const uncovered = await run(test, sampler("tell me a joke"));
  assert.equal(uncovered.status, "fail");
  const named = uncovered.assertions.find((a) => a.target === "server_requests");
  assert.match(
    named?.message ?? "",
    /no scripted sampling reply matches this sampling\/createMessage/,
  );
});

Deno.test("task: the tool runs as a task; target task holds its statuses, result its result", async () => {
  const test = testOf([
    check("task.statuses", "exact", ["working", "completed"]),
    check("task.status", "exact", "completed"),
    check("result.content[0].text", "exact", "researched"),
  ], { protocol: { task: { ttlMs: 1000 } } });
  const good: Serve = (m, t) => {
    if (m.method === "tools/call") {
      assert.deepEqual(m.params?.task, { ttl: 1000 });
      reply(t, m.id, { task: { taskId: "t1", status: "working", pollInterval: 0 } });
    } else if (m.method === "tasks/get") {
      reply(t, m.id, { taskId: "t1", status: "completed" });
    } else if (m.method === "tasks/result") reply(t, m.id, text("researched"));
  };
  assert.equal((await run(test, good)).status, "pass");
  const failing: Serve = (m, t) => {
    if (m.method === "tools/call") {
      reply(t, m.id, { task: { taskId: "t1", status: "working", pollInterval: 0 } });
    } else if (m.method === "tasks/get") {
      reply(t, m.id, { taskId: "t1", status: "failed", statusMessage: "boom" });
    } else if (m.method === "tasks/result") {
      t.write({ jsonrpc: "2.0", id: m.id, error: { code: -32603, message: "boom" } });
    }
  };
  assert.equal((await run(test, failing)).status, "fail");
});

Deno.test("input rounds: an input_required result is answered and the rounds are a target", async () => {
  const test = testOf([
    check("rounds", "schema", { type: "array", minItems: 1, maxItems: 1 }),
    check("rounds[0].input_responses.ask.content.name", "exact", "Ada"),
    check("result.content[0].text", "exact", "hello Ada"),
  ], {
    client: {
      capabilities: { elicitation: {} },
      elicitation: [{ result: { action: "accept", content: { name: "Ada" } } }],
    },
  });
  const good: Serve = (m, t) => {
    if (m.method !== "tools/call") return;
    const responses = m.params?.inputResponses as
      | Record<string, { content?: { name?: string } }>
      | undefined;
    if (!responses) {
      reply(t, m.id, {
        resultType: "input_required",
        inputRequests: { ask: { method: "elicitation/create", params: { message: "name?" } } },
        requestState: "s",
      });
    } else reply(t, m.id, text(`hello ${responses.ask?.content?.name}`));
  };
  assert.equal((await run(test, good)).status, "pass");
  const noRounds: Serve = (m, t) => m.method === "tools/call" && reply(t, m.id, text("hello Ada"));
  assert.equal((await run(test, noRounds)).status, "fail");
});

const LIST: Call = { kind: "list", list: "tools" };

Deno.test("all_pages: follows nextCursor; result holds every page's items, pages each page", async () => {
  const test = testOf(
    [
      check("result.tools", "schema", { type: "array", minItems: 3, maxItems: 3 }),
      check("pages", "schema", { type: "array", minItems: 2, maxItems: 2 }),
      check("result.nextCursor", "absent", true),
    ],
    { protocol: { allPages: true } },
    LIST,
  );
  const pages: Serve = (m, t) => {
    if (m.method !== "tools/list") return;
    if (m.params?.cursor === undefined) {
      reply(t, m.id, { tools: [{ name: "a" }, { name: "b" }], nextCursor: "p2" });
    } else reply(t, m.id, { tools: [{ name: "c" }] });
  };
  const result = await run(test, pages);
  assert.deepEqual(result.assertions.map((a) => a.status), ["pass", "pass", "pass"]);
  // A server that stops after page 1: too few items.
  const short: Serve = (m, t) =>
    m.method === "tools/list" && reply(t, m.id, { tools: [{ name: "a" }] });
  assert.equal((await run(test, short)).status, "fail");
  const loop: Serve = (m, t) =>
    m.method === "tools/list" && reply(t, m.id, { tools: [{ name: "a" }], nextCursor: "same" });
  const looped = await run(testOf([], { protocol: { allPages: true } }, LIST), loop);
  assert.equal(looped.status, "error");
  assert.match(looped.failure?.message ?? "", /cursor loop/);
  let n = 0;
  const endless: Serve = (m, t) =>
    m.method === "tools/list" && reply(t, m.id, { tools: [], nextCursor: `c${n++}` });
  const bounded = await run(testOf([], { protocol: { allPages: true } }, LIST), endless);
  assert.match(bounded.failure?.message ?? "", new RegExp(`after ${MAX_PAGES} pages`));
});

Deno.test("cursor: sends the given cursor", async () => {
  const test = testOf([check("result.tools[0].name", "exact", "c")], {
    protocol: { cursor: "p2" },
  }, LIST);
  const serve: Serve = (m, t) => {
    if (m.method !== "tools/list") return;
    reply(t, m.id, { tools: [{ name: m.params?.cursor === "p2" ? "c" : "a" }] });
  };
  assert.equal((await run(test, serve)).status, "pass");
  const ignores: Serve = (m, t) =>
    m.method === "tools/list" && reply(t, m.id, { tools: [{ name: "a" }] });
  assert.equal((await run(test, ignores)).status, "fail");
});

Deno.test("prepareTests() accepts task, progress and pages targets only on tests that ask for them", () => {
  const bad = testOf([check("task.status", "exact", "completed")]);
  assert.throws(() => prepareTests(suiteOf(bad)), (error: unknown) => {
    assert.ok(error instanceof ConfigErrors);
    assert.match(error.errors[0]!.message, /starts at "task"/);
    return true;
  });
  const good = testOf([check("task.status", "exact", "completed")], { protocol: { task: {} } });
  assert.equal(prepareTests(suiteOf(good)).length, 1);
});

Deno.test("task: { cancel: true } sends tasks/cancel once the task is created", async () => {
  const test = testOf([
    check("task.status", "exact", "cancelled"),
    check("task.cancel.result.status", "exact", "cancelled"),
  ], { protocol: { task: { cancel: true } }, expectError: { kind: "any", pos } });
  let cancelled = false;
  const honours: Serve = (m, t) => {
    if (m.method === "tools/call") {
      reply(t, m.id, { task: { taskId: "t1", status: "working", pollInterval: 0 } });
    } else if (m.method === "tasks/cancel") {
      cancelled = true;
      reply(t, m.id, { taskId: "t1", status: "cancelled" });
    } else if (m.method === "tasks/get") {
      reply(t, m.id, { taskId: "t1", status: cancelled ? "cancelled" : "working" });
    }
  };
  const result = await run(test, honours);
  assert.deepEqual(
    result.assertions.filter((a) => a.target.startsWith("task")).map((a) => a.status),
    [
      "pass",
      "pass",
    ],
  );
  // A server that ignores the cancel and completes the task.
  const ignores: Serve = (m, t) => {
    if (m.method === "tools/call") {
      reply(t, m.id, { task: { taskId: "t1", status: "working", pollInterval: 0 } });
    } else if (m.method === "tasks/cancel") {
      t.write({ jsonrpc: "2.0", id: m.id, error: { code: -32602, message: "cannot cancel" } });
    } else if (m.method === "tasks/get") reply(t, m.id, { taskId: "t1", status: "completed" });
    else if (m.method === "tasks/result") reply(t, m.id, text("done"));
  };
  const ignored = await run(test, ignores);
  assert.equal(ignored.status, "fail");
});

Deno.test("a call that draws only its response has empty protocol roots; one that draws more has them", async () => {
  const test = testOf([
    check("notifications", "exact", []),
    check("logs", "exact", []),
    check("server_requests", "exact", []),
    check("rounds", "exact", []),
  ]);
  const quiet: Serve = (m, t) => {
    if (m.method === "tools/call") reply(t, m.id, text("ok"));
  };
  assert.equal((await run(test, quiet)).status, "pass");
  // The same call, drawing a notification first: the roots hold it, and an empty one fails.
  const noisy: Serve = (m, t) => {
    if (m.method !== "tools/call") return;
    t.write({ jsonrpc: "2.0", method: "notifications/message", params: { level: "info" } });
    reply(t, m.id, text("ok"));
  };
  const drew = await run(test, noisy);
  assert.equal(drew.status, "fail");
  assert.deepEqual(drew.assertions.map((a) => a.status), ["fail", "fail", "pass", "pass"]);
  // Two quiet calls: each gets its own verdict from the same (shared, frozen) roots.
  assert.equal((await run(test, quiet)).status, "pass");
});

Deno.test("a server request the server does not wait for is graded on mcptest's reply, not on when the answer came", async () => {
  // The server asks for a sampling and answers the call at once, in the same write: the call
  // settles before mcptest has worked out its (scripted) reply. The verdict must not depend on
  // which came first.
  const test = testOf([
    check("server_requests[0].kind", "exact", "scripted"),
    check("result.content[0].text", "exact", "done"),
  ], { client: SAMPLING });
  const impatient: Serve = (m, t) => {
    if (m.method !== "tools/call") return;
    t.write({
      jsonrpc: "2.0",
      id: "s1",
      method: "sampling/createMessage",
      params: { messages: [{ role: "user", content: { type: "text", text: "weather?" } }] },
    });
    reply(t, m.id, text("done"));
  };
  for (let i = 0; i < 5; i++) {
    const result = await run(test, impatient);
    assert.equal(result.status, "pass", JSON.stringify(result.assertions));
  }
});
