/** @module The SEP-2575 list_changed-on-subscription probes against a fake stateless server whose listen streams deliver events as they happen (until / signal honoured). */

import assert from "node:assert/strict";
import type { JsonRpcMessage } from "../../../src/0_base/protocol/jsonrpc.ts";
import type { Exchange, RequestOptions } from "../../../src/2_connect/session/types.ts";
import { createProbeContext } from "../../../src/7_features/conformance/probes/probe_context.ts";
import { scriptedSession } from "./_fake.ts";
import { runProbe } from "./_scripted.ts";

const TOOLS = "sep-2575-server-sends-tools-list-changed-on-subscription";
const PROMPTS = "sep-2575-server-sends-prompts-list-changed-on-subscription";

/**
 * A server with a `grow` tool that adds a tool (and a prompt) when called. `notifies`: it tells
 * open listen streams that asked for it; `grows`: calling `grow` changes the lists at all.
 */
function server(options: { notifies: boolean; grows?: boolean; timeoutMs?: number }) {
  const tools = [{
    name: "grow",
    inputSchema: { type: "object" },
    annotations: { readOnlyHint: true },
  }];
  const prompts = [{ name: "p0" }];
  const streams: Array<{ filter: Record<string, unknown>; push(m: JsonRpcMessage): void }> = [];
  const session = scriptedSession({
    protocolVersion: "2026-07-28",
    capabilities: { tools: { listChanged: true }, prompts: { listChanged: true } },
    transport: "http",
    script: (method, params) => {
      if (method === "tools/list") return { result: { tools: [...tools] } };
      if (method === "prompts/list") return { result: { prompts: [...prompts] } };
      if (method === "tools/call" && params.name === "grow" && options.grows !== false) {
        tools.push({ ...tools[0]!, name: `t${tools.length}` });
        prompts.push({ name: `p${prompts.length}` });
        for (const stream of options.notifies ? streams : []) {
          for (const kind of ["tools", "prompts"]) {
            if (stream.filter[`${kind}ListChanged`]) {
              stream.push({ jsonrpc: "2.0", method: `notifications/${kind}/list_changed` });
            }
          }
        }
      }
      return { result: { content: [] } };
    },
  });
  const scripted = session.request.bind(session);
  const timeoutMs = options.timeoutMs ?? 1000;
  session.request = (
    method: string,
    params: Record<string, unknown> = {},
    opts: RequestOptions = {},
  ) => {
    if (method !== "subscriptions/listen") return scripted(method, params, opts);
    return new Promise<Exchange>((resolve) => {
      const notifications: JsonRpcMessage[] = [];
      const request = { jsonrpc: "2.0" as const, id: 99, method, params };
      const end = (failure: NonNullable<Exchange["failure"]>) => {
        clearTimeout(timer);
        resolve({ request, failure, durationMs: 1, notifications: [...notifications] });
      };
      const push = (message: JsonRpcMessage) => {
        notifications.push(message);
        if (opts.until?.(message)) end({ kind: "stopped", message: "until" });
      };
      const timer = setTimeout(() => end({ kind: "timeout", message: "deadline" }), timeoutMs);
      opts.signal?.addEventListener("abort", () => end({ kind: "stopped", message: "aborted" }));
      streams.push({ filter: (params.notifications ?? {}) as Record<string, unknown>, push });
      queueMicrotask(() =>
        push({ jsonrpc: "2.0", method: "notifications/subscriptions/acknowledged" })
      );
    });
  };
  const ctx = createProbeContext(
    { ...session, server: { ...session.server, timeoutMs } },
    { version: "2026-07-28", transport: "http", safeTools: [{ name: "grow" }] },
  ).ctx;
  return ctx;
}

Deno.test("a list that changes while the stream is open, with the notification: pass", async () => {
  for (const check of [TOOLS, PROMPTS]) {
    const outcome = await runProbe(check, server({ notifies: true }));
    assert.equal(outcome.status, "pass", `${check}: ${outcome.detail}`);
  }
});

Deno.test("a list that changes without the notification fails at the deadline", async () => {
  const outcome = await runProbe(TOOLS, server({ notifies: false, timeoutMs: 100 }));
  assert.equal(outcome.status, "fail");
  assert.match(
    outcome.detail ?? "",
    /tools list changed .* no notifications\/tools\/list_changed arrived/,
  );
  const prompts = await runProbe(PROMPTS, server({ notifies: false, timeoutMs: 100 }));
  assert.equal(prompts.status, "fail");
});

Deno.test("a list that never changes: not verified, the stream stopped on that event", async () => {
  const ctx = server({ notifies: false, grows: false, timeoutMs: 60_000 });
  const outcome = await runProbe(TOOLS, ctx);
  assert.equal(outcome.status, "not-verified");
  assert.match(
    outcome.detail ?? "",
    /did not change while the stream was open \(mcptest called grow/,
  );
  const listen = ctx.exchanges().find((e) =>
    (e.request as { method?: string }).method === "subscriptions/listen"
  );
  assert.equal(
    listen?.failure?.message,
    "aborted",
    "stopped once the list proved unchanged, not at the deadline",
  );
});

Deno.test("no listChanged capability: not applicable", async () => {
  const session = scriptedSession({
    protocolVersion: "2026-07-28",
    capabilities: { tools: {} },
    script: () => ({ result: {} }),
  });
  const ctx = createProbeContext(session, { version: "2026-07-28", transport: "http" }).ctx;
  for (const check of [TOOLS, PROMPTS]) {
    assert.equal((await runProbe(check, ctx)).status, "not-applicable");
  }
});
