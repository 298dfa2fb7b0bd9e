/** @module request({ until }): a request kept open for an event ends when the event comes, not when a clock says so. */

import assert from "node:assert/strict";
import { scriptedSession } from "../../_helpers/scripted_transport.ts";

type Sent = { id?: number; method?: string; params?: { _meta?: { progressToken?: string } } };

Deno.test("request() with until stops at the event and tells the server", async (t) => {
  await t.step("the matching notification ends the request, with what came so far", async () => {
    const { session, transport } = scriptedSession((message, server) => {
      const { method, params } = message as Sent;
      if (method !== "tools/call") return;
      const token = params?._meta?.progressToken;
      server.write({ jsonrpc: "2.0", method: "notifications/message", params: { data: "x" } });
      server.write({
        jsonrpc: "2.0",
        method: "notifications/progress",
        params: { progressToken: token, progress: 1 },
      });
    });
    const exchange = await session.request("tools/call", { _meta: { progressToken: "p1" } }, {
      until: (n) => "method" in n && n.method === "notifications/progress",
    });
    assert.equal(exchange.failure?.kind, "stopped");
    assert.match(exchange.failure?.message ?? "", /^stopped waiting for tools\/call: the event/);
    assert.deepEqual(exchange.notifications.map((n) => (n as Sent).method), [
      "notifications/message",
      "notifications/progress",
    ]);
    const cancel = transport.sent.find((m) => (m as Sent).method === "notifications/cancelled");
    assert.deepEqual((cancel as { params: unknown }).params, {
      requestId: (exchange.request as { id: number }).id,
      reason: "stopped",
    });
  });

  await t.step("an answer before the event settles it normally", async () => {
    const { session } = scriptedSession((message, server) => {
      server.write({ jsonrpc: "2.0", id: (message as Sent).id, result: { done: true } });
    });
    const exchange = await session.request("tools/call", {}, { until: () => true });
    assert.deepEqual(exchange.response?.result, { done: true });
  });

  await t.step("no event and no answer: the deadline decides", async () => {
    const { session } = scriptedSession(() => {});
    const exchange = await session.request("tools/call", {}, { until: () => true, timeoutMs: 20 });
    assert.equal(exchange.failure?.kind, "timeout");
  });
});
