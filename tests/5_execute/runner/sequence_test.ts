/** @module `sequences:` and `requests:` loaded from YAML and run over a scripted server: awaits take notifications that arrive between requests, captures flow between steps, a step error stops the sequence, `cancel:` stops a call on its event; each check fails on a bad server and passes on a good one. */

import assert from "node:assert/strict";
import { join } from "node:path";
import { loadSuite } from "../../../src/3_load/config/load_suite.ts";
import { executeTest } from "../../../src/5_execute/runner/execute_test.ts";
import { prepareTests } from "../../../src/5_execute/runner/prepare.ts";
import type { TestResult } from "../../../src/4_record/run_record.ts";
import { scriptedSession, ScriptedTransport } from "../../_helpers/scripted_transport.ts";
import { McpSession } from "../../../src/2_connect/session/session.ts";
import { handshake } from "../../../src/2_connect/session/handshake.ts";
import { findRevision } from "../../../src/0_base/protocol/revisions.ts";

type Msg = { id?: number; method?: string; params?: Record<string, unknown> };
type Serve = (m: Msg, t: ScriptedTransport) => void;

const HEAD = `servers:
  s:
    command: ["scripted"]
    timeout_ms: 2000
`;

async function runYaml(
  body: string,
  serve: Serve,
  open: (serve: Serve) => Promise<McpSession> = (serve) =>
    Promise.resolve(scriptedSession((m, t) => serve(m as Msg, t), { timeoutMs: 2000 }).session),
): Promise<TestResult[]> {
  const cwd = await Deno.makeTempDir({ prefix: "mcptest_sequence_" });
  await Deno.writeTextFile(join(cwd, "suite.yml"), HEAD + body);
  const suite = await loadSuite({ paths: ["suite.yml"], cwd, env: {} }).finally(() =>
    Deno.remove(cwd, { recursive: true })
  );
  const session = await open(serve);
  try {
    const results: TestResult[] = [];
    for (const prepared of prepareTests(suite)) {
      results.push(await executeTest(session, prepared, { updateSnapshots: false }));
    }
    return results;
  } finally {
    await session.close();
  }
}

const reply = (t: ScriptedTransport, id: unknown, result: unknown) =>
  t.write({ jsonrpc: "2.0", id, result });
const text = (value: string) => ({ content: [{ type: "text", text: value }] });

const SUBSCRIBE = `sequences:
  - name: updates
    steps:
      - subscribe: { resources: ["demo://a"] }
      - tool: touch
        args: { uri: "demo://a" }
      - await: notifications/resources/updated
        where:
          - target: params.uri
            matcher: { exact: "demo://a" }
        expect:
          - target: notification.params.uri
            matcher: { starts-with: "demo://" }
      - unsubscribe: true
`;

/** A server that sends resources/updated for `uri` after answering the tool call (nothing in flight). */
function updating(uri: string): Serve {
  return (m, t) => {
    if (m.method === "resources/subscribe" || m.method === "resources/unsubscribe") {
      return reply(t, m.id, {});
    }
    if (m.method === "tools/call") {
      reply(t, m.id, text("touched"));
      queueMicrotask(() =>
        t.write({ jsonrpc: "2.0", method: "notifications/resources/updated", params: { uri } })
      );
    }
  };
}

Deno.test("await takes a notification that arrives after the call was answered", async () => {
  const [good] = await runYaml(SUBSCRIBE, updating("demo://a"));
  assert.equal(good!.status, "pass", JSON.stringify(good));
  assert.ok(good!.assertions.some((a) => a.target === "steps[2].notification.params.uri"));
});

Deno.test("await whose notification never matches errors the sequence at its bound, naming the step", async () => {
  const [bad] = await runYaml(SUBSCRIBE, updating("demo://other"));
  assert.equal(bad!.status, "error");
  assert.match(bad!.failure!.message, /step 3 \(step 3\): no notifications\/resources\/updated/);
});

Deno.test("a step's capture fills a later step; a failing check does not stop the sequence", async () => {
  const yaml = `sequences:
  - name: flow
    steps:
      - tool: create
        capture: { id: result.structuredContent.id }
        expect:
          - target: result.structuredContent.id
            matcher: { exact: 7 }
      - tool: read
        args: { id: "\${id}" }
        expect:
          - target: result.content[0].text
            matcher: { exact: "read 7" }
`;
  const serve = (id: number): Serve => (m, t) => {
    if (m.params?.name === "create") {
      return reply(t, m.id, { content: [], structuredContent: { id } });
    }
    const args = m.params?.arguments as { id?: unknown };
    reply(t, m.id, text(`read ${JSON.stringify(args.id)}`));
  };
  const [good] = await runYaml(yaml, serve(7));
  assert.equal(good!.status, "pass", JSON.stringify(good));
  // The capture of a failing step is not set: the step that uses it cannot run.
  const [bad] = await runYaml(yaml, serve(8));
  assert.equal(bad!.status, "error");
  assert.match(bad!.failure?.message ?? "", /step 2 \(step 2\): capture "id" was not set/);
  assert.ok(bad!.assertions.some((a) => a.target === "steps[0].result.structuredContent.id"));
  // A failing check alone does not stop the sequence: both steps ran and are graded.
  const wrongRead: Serve = (m, t) =>
    m.params?.name === "create"
      ? reply(t, m.id, { content: [], structuredContent: { id: 7 } })
      : reply(t, m.id, text("read 9"));
  const [failing] = await runYaml(yaml, wrongRead);
  assert.equal(failing!.status, "fail");
  assert.deepEqual(failing!.assertions.map((a) => [a.target, a.status]), [
    ["steps[0].result.structuredContent.id", "pass"],
    ["steps[1].result.content[0].text", "fail"],
  ]);
});

Deno.test("a step that gets no answer stops the sequence: later steps do not run", async () => {
  const seen: string[] = [];
  const [result] = await runYaml(
    `sequences:
  - name: stops
    timeout_ms: 200
    steps:
      - method: slow/never
      - notify: notifications/custom
`,
    (m) => void seen.push(m.method ?? ""),
  );
  assert.equal(result!.status, "error");
  assert.match(result!.failure!.message, /step 1 \(step 1\): no response to slow\/never/);
  assert.ok(!seen.includes("notifications/custom"));
});

Deno.test("notify: sends the client notification; roots: answers roots/list with the new roots", async () => {
  const yaml = `servers:
  r:
    command: ["scripted"]
    client:
      capabilities: { roots: { list_changed: true } }
      roots: [file:///a]
sequences:
  - name: roots
    server: r
    steps:
      - roots: [file:///a, file:///b]
      - await: notifications/message
        where:
          - target: params.data
            matcher: { exact: 2 }
`;
  const serve: Serve = (m, t) => {
    if (m.method === "notifications/roots/list_changed") {
      t.write({ jsonrpc: "2.0", id: "r1", method: "roots/list" });
    } else if (m.id === "r1" as unknown) {
      const roots = (m as { result?: { roots?: unknown[] } }).result?.roots ?? [];
      t.write({ jsonrpc: "2.0", method: "notifications/message", params: { data: roots.length } });
    }
  };
  const [result] = await runYaml(yaml.replace(/^servers:\n/, ""), serve);
  assert.equal(result!.status, "pass", JSON.stringify(result));
});

Deno.test("requests: any method with params; cancel: stops the call at its event and tells the server", async () => {
  const seen: Msg[] = [];
  const yaml = `requests:
  - name: complete
    method: completion/complete
    params: { ref: { type: ref/prompt, name: p }, argument: { name: a, value: x } }
    expect:
      - target: result.completion.values
        matcher: { exact: [xy] }
  - name: cancelled
    method: work/long
    progress: true
    cancel: { on: notifications/progress }
    expect:
      - target: cancelled.sent
        matcher: { exact: true }
`;
  const serve = (values: string[]): Serve => (m, t) => {
    seen.push(m);
    if (m.method === "completion/complete") {
      return reply(t, m.id, { completion: { values } });
    }
    if (m.method === "work/long") {
      const token = (m.params?._meta as { progressToken?: unknown }).progressToken;
      t.write({
        jsonrpc: "2.0",
        method: "notifications/progress",
        params: { progressToken: token, progress: 1 },
      });
    }
  };
  const good = await runYaml(yaml, serve(["xy"]));
  assert.deepEqual(good.map((r) => r.status), ["pass", "pass"], JSON.stringify(good));
  const cancel = seen.find((m) => m.method === "notifications/cancelled");
  assert.ok(cancel, "the server is told the request was cancelled");
  const bad = await runYaml(yaml, serve(["nope"]));
  assert.equal(bad[0]!.status, "fail");
});

/** A session with a scripted 2026-07-28 server (stateless: server/discover, no initialize). */
async function statelessSession(serve: Serve): Promise<McpSession> {
  const transport = new ScriptedTransport((message, t) => {
    const m = message as Msg;
    if (m.method === "server/discover") {
      const capabilities = { tools: {}, resources: { subscribe: true } };
      return reply(t, m.id, { supportedVersions: ["2026-07-28"], capabilities });
    }
    serve(m, t);
  });
  const session = new McpSession({
    server: {
      key: "s",
      name: "s",
      target: { kind: "stdio", command: ["s"], env: {} },
      timeoutMs: 2000,
    },
    transport,
    clientInfo: { name: "mcptest", version: "t" },
  });
  await handshake(session, {
    pin: findRevision("2026-07-28"),
    clientInfo: { name: "mcptest", version: "t" },
    timeoutMs: 2000,
  });
  return session;
}

Deno.test("on 2026-07-28 the same subscribe: step opens one subscriptions/listen stream and ends it", async () => {
  const seen: Msg[] = [];
  let listenId: unknown;
  const serve: Serve = (m, t) => {
    seen.push(m);
    if (m.method === "subscriptions/listen") {
      listenId = m.id;
      t.write({
        jsonrpc: "2.0",
        method: "notifications/subscriptions/acknowledged",
        params: { notifications: m.params?.notifications },
      });
    } else if (m.method === "tools/call") {
      reply(t, m.id, text("touched"));
      queueMicrotask(() =>
        t.write({
          jsonrpc: "2.0",
          method: "notifications/resources/updated",
          params: { uri: "demo://a" },
        })
      );
    }
  };
  const [result] = await runYaml(SUBSCRIBE, serve, statelessSession);
  assert.equal(result!.status, "pass", JSON.stringify(result));
  const listen = seen.find((m) => m.method === "subscriptions/listen")!;
  assert.deepEqual(
    (listen.params as { notifications?: unknown }).notifications,
    { resourceSubscriptions: ["demo://a"] },
  );
  assert.ok(!seen.some((m) => m.method === "resources/subscribe"), "no 2025 wire on 2026");
  const cancelled = seen.find((m) => m.method === "notifications/cancelled");
  assert.equal((cancelled?.params as { requestId?: unknown })?.requestId, listenId);
});

Deno.test("an await: condition that refuses the run (a snapshot first write under CI) stays a refusal", async () => {
  const cwd = await Deno.makeTempDir({ prefix: "mcptest_sequence_" });
  try {
    await Deno.writeTextFile(
      join(cwd, "suite.yml"),
      HEAD + `sequences:
  - name: snap
    steps:
      - tool: touch
      - await: notifications/message
        where:
          - target: params
            matcher: { snapshot: never-recorded }
`,
    );
    const suite = await loadSuite({ paths: ["suite.yml"], cwd, env: {} });
    const { session } = scriptedSession((m, t) => {
      const msg = m as Msg;
      reply(t, msg.id, text("ok"));
      queueMicrotask(() =>
        t.write({ jsonrpc: "2.0", method: "notifications/message", params: { data: 1 } })
      );
    }, { timeoutMs: 2000 });
    try {
      const [prepared] = prepareTests(suite);
      const refused = await executeTest(session, prepared!, { updateSnapshots: false, ci: true })
        .catch((e) => e);
      assert.ok(
        refused instanceof Error && /refused under CI=true/.test(refused.message),
        String(refused),
      );
    } finally {
      await session.close();
    }
  } finally {
    await Deno.remove(cwd, { recursive: true });
  }
});
