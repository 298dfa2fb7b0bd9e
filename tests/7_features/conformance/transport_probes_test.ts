/** @module The probes of GET/DELETE 405, a fresh connection's first request, disconnect-as-cancel and MRTR client capabilities. */

import assert from "node:assert/strict";
import { listCheckIds } from "../../../src/7_features/conformance/check_ids.ts";
import { embeddedVersion } from "../../../src/7_features/conformance/embedded.ts";
import type { ProbeContext } from "../../../src/7_features/conformance/probes/probe_types.ts";
import { runProbe as run, type Script, scriptedContext, TIMEOUT } from "./_scripted.ts";

type Json = Record<string, unknown>;

const CAPS_KEY = "io.modelcontextprotocol/clientCapabilities";
const TOOL = {
  name: "report",
  inputSchema: { type: "object" },
  annotations: { readOnlyHint: true },
};

function context(options: {
  script?: Script;
  capabilities?: Json;
  transport?: "stdio" | "http";
  url?: string;
}): ProbeContext {
  return scriptedContext({
    ...options,
    script: options.script ?? (() => ({ result: {} })),
    capabilities: options.capabilities ?? { tools: { listChanged: true } },
  });
}

/** Serve `handler` on 127.0.0.1 for the duration of `body`. */
async function withServer(
  handler: (request: Request) => Response | Promise<Response>,
  body: (url: string) => Promise<void>,
): Promise<void> {
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, handler);
  try {
    await body(`http://127.0.0.1:${server.addr.port}/mcp`);
  } finally {
    await server.shutdown();
  }
}

function rpc(id: unknown, answer: Json): Response {
  return Response.json({ jsonrpc: "2.0", id, ...answer });
}

Deno.test("sep-2567-server-rejects-get-and-delete wants 405 for GET and DELETE", async (t) => {
  const check = "sep-2567-server-rejects-get-and-delete";
  await t.step("a server answering 405 passes", async () => {
    await withServer(
      (request) => new Response(null, { status: request.method === "POST" ? 200 : 405 }),
      async (url) => {
        const outcome = await run(check, context({ url }));
        assert.equal(outcome.status, "pass", outcome.detail);
      },
    );
  });
  await t.step("a server opening an SSE stream on GET fails, with both statuses", async () => {
    await withServer((request) => {
      if (request.method === "DELETE") return new Response(null, { status: 200 });
      let timer: ReturnType<typeof setInterval> | undefined;
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(": open\n\n"));
          timer = setInterval(() => controller.enqueue(new TextEncoder().encode(": ping\n\n")), 50);
        },
        cancel() {
          clearInterval(timer);
        },
      });
      return new Response(stream, { headers: { "content-type": "text/event-stream" } });
    }, async (url) => {
      const outcome = await run(check, context({ url }));
      assert.equal(outcome.status, "fail");
      assert.match(outcome.detail ?? "", /GET 200, DELETE 200/);
    });
  });
  await t.step("only DELETE refused: still a failure", async () => {
    await withServer(
      (request) => new Response(null, { status: request.method === "DELETE" ? 405 : 404 }),
      async (url) => {
        const outcome = await run(check, context({ url }));
        assert.equal(outcome.status, "fail");
        assert.match(outcome.detail ?? "", /GET 404, DELETE 405/);
      },
    );
  });
  await t.step("a stdio server: not applicable, with the reason", async () => {
    const outcome = await run(check, context({ transport: "stdio" }));
    assert.equal(outcome.status, "not-applicable");
    assert.match(outcome.detail ?? "", /HTTP-only/);
  });
});

/** A tools server over HTTP; `needsDiscover` refuses anything before a server/discover. */
function freshServer(needsDiscover: boolean): (request: Request) => Promise<Response> {
  let discovered = false;
  return async (request) => {
    if (request.method !== "POST") return new Response(null, { status: 405 });
    const message = await request.json() as { id?: unknown; method: string; params?: Json };
    const meta = message.params?._meta as Json | undefined;
    if (meta?.["io.modelcontextprotocol/protocolVersion"] !== "2026-07-28") {
      return rpc(message.id, { error: { code: -32602, message: "_meta is required" } });
    }
    if (message.method === "server/discover") {
      discovered = true;
      return rpc(message.id, { result: { capabilities: { tools: {} } } });
    }
    if (needsDiscover && !discovered) {
      return rpc(message.id, { error: { code: -32600, message: "call server/discover first" } });
    }
    return rpc(message.id, { result: { resultType: "complete", tools: [TOOL] } });
  };
}

Deno.test("sep-2575-server-stateless-no-prior-context serves a fresh connection's first request", async (t) => {
  const check = "sep-2575-server-stateless-no-prior-context";
  await t.step("a stateless server passes", async () => {
    await withServer(freshServer(false), async (url) => {
      const outcome = await run(check, context({ url }));
      assert.equal(outcome.status, "pass", outcome.detail);
      assert.match(outcome.detail ?? "", /tools\/list as the first request/);
    });
  });
  await t.step("a server that needs server/discover first fails", async () => {
    await withServer(freshServer(true), async (url) => {
      const outcome = await run(check, context({ url }));
      assert.equal(outcome.status, "fail");
      assert.match(outcome.detail ?? "", /call server\/discover first/);
    });
  });
  await t.step("a server that cannot be reached again: not verified", async () => {
    const outcome = await run(check, context({ url: "http://127.0.0.1:1/mcp" }));
    assert.equal(outcome.status, "not-verified");
  });
});

/** A tool that asks for input: only declared kinds unless `bad`; -32021 when nothing is declared. */
function mrtrServer(bad: boolean): Script {
  return (method, params) => {
    if (method === "tools/list") return { result: { tools: [TOOL] } };
    if (method !== "tools/call") return { error: { code: -32601 } };
    const caps = (params._meta as Record<string, Json> | undefined)?.[CAPS_KEY] ?? {};
    const inputRequests: Json = {};
    if (bad || caps.elicitation) {
      inputRequests.login = { method: "elicitation/create", params: { message: "who?" } };
    }
    if (bad || caps.roots) inputRequests.roots = { method: "roots/list" };
    if (Object.keys(inputRequests).length === 0) {
      return { error: { code: -32021, data: { requiredCapabilities: { elicitation: {} } } } };
    }
    return { result: { resultType: "input_required", inputRequests } };
  };
}

Deno.test("sep-2322-respect-client-capabilities never asks for an undeclared kind", async (t) => {
  const check = "sep-2322-respect-client-capabilities";
  await t.step("a server asking only for declared kinds passes", async () => {
    const outcome = await run(check, context({ script: mrtrServer(false) }));
    assert.equal(outcome.status, "pass", outcome.detail);
    assert.match(outcome.detail ?? "", /asks for elicitation, roots input/);
    assert.match(outcome.detail ?? "", /no capabilities: error -32021/);
  });
  await t.step("a server asking regardless of the declaration fails", async () => {
    const outcome = await run(check, context({ script: mrtrServer(true) }));
    assert.equal(outcome.status, "fail");
    assert.match(outcome.detail ?? "", /declaring no capabilities answered inputRequests/);
  });
  await t.step("a server asking for roots when only elicitation is declared fails", async () => {
    const leaky: Script = (method, params, seen) => {
      const caps = (params._meta as Record<string, Json> | undefined)?.[CAPS_KEY] ?? {};
      if (method === "tools/call" && caps.elicitation && !caps.sampling) {
        return {
          result: { resultType: "input_required", inputRequests: { r: { method: "roots/list" } } },
        };
      }
      return mrtrServer(false)(method, params, seen);
    };
    const outcome = await run(check, context({ script: leaky }));
    assert.equal(outcome.status, "fail");
    assert.match(
      outcome.detail ?? "",
      /declaring only elicitation answered inputRequests for roots/,
    );
  });
  await t.step("no tool asks for input: not verified, with the reason", async () => {
    const plain: Script = (method) =>
      method === "tools/list"
        ? { result: { tools: [TOOL] } }
        : { result: { resultType: "complete" } };
    const outcome = await run(check, context({ script: plain }));
    assert.equal(outcome.status, "not-verified");
    assert.match(outcome.detail ?? "", /answered with inputRequests/);
  });
});

/** A tool that streams progress and never answers; `leak` repeats its progress on listen streams. */
function streamingServer(leak: boolean, slow = true): Script {
  let token: unknown;
  const progress = () => ({
    jsonrpc: "2.0" as const,
    method: "notifications/progress",
    params: { progressToken: token, progress: 1 },
  });
  return (method, params) => {
    if (method === "tools/list") return { result: { tools: [TOOL] } };
    if (method === "tools/call") {
      token = (params._meta as Json | undefined)?.progressToken;
      return slow ? { ...TIMEOUT, notifications: [progress()] } : { result: { content: [] } };
    }
    if (method === "subscriptions/listen") {
      const ack = { jsonrpc: "2.0" as const, method: "notifications/subscriptions/acknowledged" };
      return { ...TIMEOUT, notifications: leak ? [ack, progress()] : [ack] };
    }
    return { error: { code: -32601 } };
  };
}

Deno.test("sep-2575-http-server-disconnect-is-cancel fails on work reported after the close", async (t) => {
  const check = "sep-2575-http-server-disconnect-is-cancel";
  await t.step("progress for the closed request on a later stream fails", async () => {
    const outcome = await run(check, context({ script: streamingServer(true) }));
    assert.equal(outcome.status, "fail");
    assert.match(outcome.detail ?? "", /1 notifications\/progress for it arrived/);
  });
  await t.step("nothing after the close: not verified, never a pass", async () => {
    const outcome = await run(check, context({ script: streamingServer(false) }));
    assert.equal(outcome.status, "not-verified");
    assert.match(outcome.detail ?? "", /1 progress notification\(s\) before.*not observable/);
  });
  await t.step("no listChanged to subscribe to: not verified, with the reason", async () => {
    const ctx = context({ script: streamingServer(true), capabilities: { tools: {} } });
    const outcome = await run(check, ctx);
    assert.equal(outcome.status, "not-verified");
    assert.match(outcome.detail ?? "", /no listChanged/);
  });
  await t.step("every tool answers at once: not verified, with the reason", async () => {
    const outcome = await run(check, context({ script: streamingServer(true, false) }));
    assert.equal(outcome.status, "not-verified");
    assert.match(outcome.detail ?? "", /answered within/);
  });
  await t.step("a stdio server: not applicable", async () => {
    const ctx = context({ script: streamingServer(true), transport: "stdio" });
    assert.equal((await run(check, ctx)).status, "not-applicable");
  });
});

Deno.test("the four formerly untested 2026-07-28 ids of the embedded corpus have probes", () => {
  const corpus = embeddedVersion("2026-07-28");
  assert.ok(corpus);
  const listing = listCheckIds(corpus);
  for (
    const check of [
      "sep-2567-server-rejects-get-and-delete",
      "sep-2575-server-stateless-no-prior-context",
      "sep-2575-http-server-disconnect-is-cancel",
      "sep-2322-respect-client-capabilities",
    ]
  ) {
    assert.equal(listing.checks.find((c) => c.check === check)?.implemented, true, check);
  }
});
