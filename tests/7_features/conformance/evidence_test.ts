/** @module No vacuous verdicts: each check that reads the run's traffic passes on evidence, is not-verified without it, and fails on a violation. */

import assert from "node:assert/strict";
import type { ProbeContext } from "../../../src/7_features/conformance/probes/probe_types.ts";
import type { Scripted } from "./_fake.ts";
import { runProbe as run, type Script, scriptedContext, TIMEOUT } from "./_scripted.ts";

type Json = Record<string, unknown>;

const TASKS = "io.modelcontextprotocol/tasks";
const CAPS = "io.modelcontextprotocol/clientCapabilities";
const TOOL = { name: "echo", inputSchema: { type: "object" }, annotations: { readOnlyHint: true } };

/** A server that answers tools/list and tools/call (with `call`), -32601 otherwise. */
function server(call: (params: Json) => Scripted = () => ({ result: { content: [] } })): Script {
  return (method, params) => {
    if (method === "tools/list") return { result: { resultType: "complete", tools: [TOOL] } };
    if (method === "tools/call") return call(params);
    return { error: { code: -32601 } };
  };
}

function context(options: {
  script?: Script;
  serverMessages?: unknown[];
  transport?: "stdio" | "http";
  capabilities?: Json;
}): ProbeContext {
  return scriptedContext({
    script: options.script ?? server(),
    capabilities: options.capabilities ?? { tools: {} },
    ...(options.transport ? { transport: options.transport } : {}),
    ...(options.serverMessages ? { serverMessages: options.serverMessages } : {}),
  });
}

/** What earlier probes of a run would have sent: one tools/call (with `meta` as its `_meta`). */
async function callOnce(ctx: ProbeContext, meta?: Json): Promise<void> {
  await ctx.session.request("tools/call", {
    name: "echo",
    arguments: {},
    ...(meta ? { _meta: meta } : {}),
  });
}

const request = (method: string) => ({ jsonrpc: "2.0", id: "s-1", method, params: {} });
const LOG = { jsonrpc: "2.0", method: "notifications/message", params: { level: "info" } };

/** The three ways of one check: evidence -> pass, none -> not-verified, a violation -> fail. */
async function threeWays(
  t: Deno.TestContext,
  check: string,
  ways: {
    evidence: (ctx: ProbeContext) => Promise<void>;
    noEvidence?: (ctx: ProbeContext) => Promise<void>;
    violation: unknown[];
    script?: Script;
    capabilities?: Json;
  },
): Promise<void> {
  const base = {
    ...(ways.script ? { script: ways.script } : {}),
    ...(ways.capabilities ? { capabilities: ways.capabilities } : {}),
  };
  await t.step(`${check}: pass with evidence`, async () => {
    const ctx = context(base);
    await ways.evidence(ctx);
    const outcome = await run(check, ctx);
    assert.equal(outcome.status, "pass", outcome.detail);
  });
  await t.step(`${check}: not-verified without`, async () => {
    const ctx = context(base);
    await ways.noEvidence?.(ctx);
    const outcome = await run(check, ctx);
    assert.equal(outcome.status, "not-verified", outcome.detail);
  });
  await t.step(`${check}: fail on a violation`, async () => {
    const ctx = context({ ...base, serverMessages: ways.violation });
    await ways.evidence(ctx);
    const outcome = await run(check, ctx);
    assert.equal(outcome.status, "fail", outcome.detail);
  });
}

Deno.test("the late checks of silence pass only on evidence", async (t) => {
  await threeWays(t, "sep-1036-server-no-undeclared-mode", {
    evidence: (ctx) => callOnce(ctx),
    // A tools/call that got no answer is no evidence either.
    script: server((params) => params.name === "slow" ? TIMEOUT : { result: { content: [] } }),
    noEvidence: (ctx) => ctx.session.request("tools/call", { name: "slow" }).then(() => {}),
    violation: [request("elicitation/create")],
  });
  await threeWays(t, "sep-2575-server-no-log-without-loglevel", {
    evidence: (ctx) => callOnce(ctx),
    // Answered listings, and a call that carried a logLevel, are no evidence.
    noEvidence: async (ctx) => {
      await ctx.session.request("tools/list");
      await callOnce(ctx, { "io.modelcontextprotocol/logLevel": "debug" });
    },
    violation: [LOG],
  });
  await threeWays(t, "sep-2322-no-server-requests", {
    evidence: (ctx) => callOnce(ctx),
    noEvidence: (ctx) => ctx.session.request("tools/list").then(() => {}),
    violation: [request("roots/list")],
  });
  await threeWays(t, "sep-2575-http-server-no-independent-requests-on-stream", {
    // Evidence: a POST answered as an SSE stream.
    script: (method) =>
      method === "tools/call"
        ? {
          result: { content: [] },
          http: { status: 200, headers: { "content-type": "text/event-stream" } },
        }
        : {
          result: { tools: [] },
          http: { status: 200, headers: { "content-type": "application/json" } },
        },
    evidence: (ctx) => callOnce(ctx),
    noEvidence: (ctx) => ctx.session.request("tools/list").then(() => {}),
    violation: [request("sampling/createMessage")],
  });
  await t.step("the stream check is not applicable on stdio", async () => {
    const ctx = context({ transport: "stdio" });
    const outcome = await run("sep-2575-http-server-no-independent-requests-on-stream", ctx);
    assert.equal(outcome.status, "not-applicable");
  });
});

Deno.test("the tasks checks over the run's results rest on results the server sent", async (t) => {
  const check = "sep-2663-no-task-result-type-on-others";
  await t.step(`${check}: a listing answered without resultType "task" passes`, async () => {
    const ctx = context({});
    await ctx.session.request("tools/list");
    assert.equal((await run(check, ctx)).status, "pass");
  });
  await t.step(`${check}: nothing answered is not verified`, async () => {
    const ctx = context({ script: () => TIMEOUT });
    await ctx.session.request("tools/list");
    assert.equal((await run(check, ctx)).status, "not-verified");
  });
  await t.step(`${check}: a listing with resultType "task" fails`, async () => {
    const ctx = context({ script: () => ({ result: { resultType: "task", tools: [] } }) });
    await ctx.session.request("tools/list");
    assert.equal((await run(check, ctx)).status, "fail");
  });
  const undeclared = "sep-2663-server-rejects-undeclared-client";
  const taskFor = (declaring: boolean) => (params: Json): Scripted => {
    const caps = (params._meta as Json | undefined)?.[CAPS] as Json | undefined;
    const declared = (caps?.extensions as Json | undefined)?.[TASKS] !== undefined;
    return declared || !declaring
      ? { result: { resultType: "task", taskId: "t1", status: "working" } }
      : { result: { resultType: "complete", content: [] } };
  };
  const declaringMeta = { [CAPS]: { extensions: { [TASKS]: {} } } };
  await t.step(`${undeclared}: tasks only for declaring clients pass`, async () => {
    const ctx = context({ script: server(taskFor(true)) });
    await callOnce(ctx, declaringMeta);
    await callOnce(ctx);
    const outcome = await run(undeclared, ctx);
    assert.equal(outcome.status, "pass", outcome.detail);
  });
  await t.step(`${undeclared}: only declaring calls answered is not verified`, async () => {
    const ctx = context({ script: server(taskFor(true)) });
    await callOnce(ctx, declaringMeta);
    assert.equal((await run(undeclared, ctx)).status, "not-verified");
  });
  await t.step(`${undeclared}: a task for a non-declaring client fails`, async () => {
    const ctx = context({ script: server(taskFor(false)) });
    await callOnce(ctx);
    assert.equal((await run(undeclared, ctx)).status, "fail");
  });
  await t.step(`${undeclared}: a server without tools is not applicable`, async () => {
    const ctx = context({ capabilities: { prompts: {} } });
    assert.equal((await run(undeclared, ctx)).status, "not-applicable");
  });
});

Deno.test("checks of fields a server may leave out do not pass on their absence", async (t) => {
  const tools = (list: unknown[]): Script => (method) =>
    method === "tools/list" ? { result: { tools: list } } : { error: { code: -32601 } };
  const status = async (check: string, list: unknown[]) =>
    (await run(check, context({ script: tools(list) }))).status;
  await t.step("an empty tool list proves nothing about names or schemas", async () => {
    for (const check of ["sep-986-tool-name-length", "sep-1613-input-schema-not-null"]) {
      assert.equal(await status(check, []), "not-verified", check);
    }
  });
  await t.step("no outputSchema: the output-schema checks do not apply", async () => {
    for (const check of ["sep-1613-output-schema-object-root", "sep-2106-output-schema-valid"]) {
      assert.equal(await status(check, [TOOL]), "not-applicable", check);
      const withOutput = { ...TOOL, outputSchema: { type: 42 } };
      assert.equal(await status(check, [withOutput]), "fail", check);
    }
  });
  await t.step("no $ref: the local-refs check does not apply", async () => {
    const check = "sep-2106-local-refs-only";
    const schema = (ref: string) => ({ type: "object", properties: { a: { $ref: ref } } });
    assert.equal(await status(check, [TOOL]), "not-applicable");
    assert.equal(await status(check, [{ ...TOOL, inputSchema: schema("#/$defs/a") }]), "pass");
    assert.equal(await status(check, [{ ...TOOL, inputSchema: schema("https://x/s") }]), "fail");
  });
});

Deno.test("a request that got no answer never makes a pass", async (t) => {
  const header = {
    name: "lookup",
    annotations: { readOnlyHint: true },
    inputSchema: { type: "object", properties: { key: { type: "string", "x-mcp-header": "Key" } } },
  };
  for (const check of ["sep-2243-server-not-expect-null", "sep-2243-server-validate-param-match"]) {
    await t.step(`${check}: a silent call is not verified`, async () => {
      const script: Script = (method) =>
        method === "tools/list" ? { result: { tools: [header] } } : TIMEOUT;
      const outcome = await run(check, context({ script }));
      assert.equal(outcome.status, "not-verified", outcome.detail);
    });
  }
  await t.step("sep-2322-respect-client-capabilities: a silent declared call", async () => {
    const ask = { resultType: "input_required", inputRequests: { a: { method: "roots/list" } } };
    const script = server((params) => {
      const caps = (params._meta as Json)[CAPS] as Json;
      return Object.keys(caps).length === 3 ? { result: ask } : TIMEOUT;
    });
    const outcome = await run("sep-2322-respect-client-capabilities", context({ script }));
    assert.equal(outcome.status, "not-verified", outcome.detail);
    assert.match(outcome.detail ?? "", /declaring no capabilities: timeout/);
  });
});
