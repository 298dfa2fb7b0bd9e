/** @module An answer belongs to the request whose id it carries; one without a usable id only to the one raw frame in flight; nothing adopts a stray, whatever happens to be in flight. */

import assert from "node:assert/strict";
import { textualId } from "../../../src/2_connect/session/session.ts";
import { answerPings, scriptedSession } from "../../_helpers/scripted_transport.ts";

type Sent = { id?: number | string; method?: string };

Deno.test("McpSession routes answers by id, never by what is in flight", async (t) => {
  await t.step("a response with id null is a stray when no raw frame is in flight", async () => {
    const { session, transport } = scriptedSession((message, server) => {
      if ((message as Sent).method === "tools/list") {
        server.write({ jsonrpc: "2.0", id: null, error: { code: -32603, message: "oops" } });
      }
    });
    const exchange = await session.request("tools/list", undefined, { timeoutMs: 50 });
    assert.equal(exchange.response, undefined);
    assert.equal(exchange.failure?.kind, "protocol");
    assert.match(
      exchange.failure?.message ?? "",
      /ids match no request: null \(error -32603: oops\)$/,
    );
    assert.deepEqual(transport.sent.map((m) => (m as Sent).method), [
      "tools/list",
      "notifications/cancelled",
    ]);
    const strays = session.capture().server_messages ?? [];
    assert.equal((strays[0]?.message as { id: unknown }).id, null);
  });

  await t.step("an unknown id fails no request, even the only one in flight", async () => {
    let answered = false;
    const { session } = scriptedSession((message, server) => {
      const { id, method } = message as Sent;
      if (method !== "tools/list") return;
      server.write({ jsonrpc: "2.0", id: 999_999, result: { stray: true } });
      answered = true;
      server.write({ jsonrpc: "2.0", id, result: { tools: [] } });
    });
    const exchange = await session.request("tools/list");
    assert.ok(answered);
    assert.deepEqual(exchange.response?.result, { tools: [] });
  });

  await t.step("answers to pipelined requests in any order reach their own requests", async () => {
    const held: Sent[] = [];
    const { session, transport } = scriptedSession((message) => {
      held.push(message as Sent);
      if (held.length < 3) return;
      for (const { id, method } of held.reverse()) {
        transport.write({ jsonrpc: "2.0", id, result: { method } });
      }
    });
    const [a, b, c] = await Promise.all(
      ["tools/list", "prompts/list", "resources/list"].map((m) => session.request(m)),
    );
    assert.deepEqual([a, b, c].map((e) => (e?.response?.result as Sent).method), [
      "tools/list",
      "prompts/list",
      "resources/list",
    ]);
  });

  await t.step("an id equal in value, not in type, fails its request at once", async () => {
    const { session } = scriptedSession((message, server) => {
      const { id } = message as Sent;
      server.write({ jsonrpc: "2.0", id: String(id), result: {} });
    });
    const exchange = await session.request("tools/list");
    const id = (exchange.request as { id: number }).id;
    assert.equal(
      exchange.failure?.message,
      `the server answered with id "${id}" (a string), which matches no request; expected id ${id} (a number)`,
    );
  });

  await t.step("progress notifications attach to the request whose token they carry", async () => {
    const { session } = scriptedSession((message, server) => {
      const { id, method } = message as Sent;
      if (method === "slow") return; // left in flight
      server.write({
        jsonrpc: "2.0",
        method: "notifications/progress",
        params: { progressToken: "t-fast", progress: 1, total: 1 },
      });
      server.write({ jsonrpc: "2.0", method: "notifications/message", params: { data: "hi" } });
      server.write({ jsonrpc: "2.0", id, result: {} });
    });
    const slow = session.request("slow", { _meta: { progressToken: "t-slow" } }, {
      timeoutMs: 200,
    });
    const fast = await session.request("fast", { _meta: { progressToken: "t-fast" } });
    assert.deepEqual(fast.notifications.map((n) => (n as { method: string }).method), [
      "notifications/progress",
      "notifications/message",
    ]);
    const slowExchange = await slow;
    assert.deepEqual(slowExchange.notifications.map((n) => (n as { method: string }).method), [
      "notifications/message",
    ]);
  });
});

Deno.test("McpSession gives a raw frame what only it can have drawn", async (t) => {
  await t.step("an answer with id null goes to the one raw frame in flight", async () => {
    const { session } = scriptedSession((message, server) => {
      if (typeof message === "string") {
        server.write({ jsonrpc: "2.0", id: null, error: { code: -32700, message: "Parse error" } });
      }
    });
    const exchange = await session.sendRaw('{"jsonrpc": "2.0", "method": ');
    assert.equal(exchange.response?.error?.code, -32700);
  });

  await t.step("the frame's own id correlates it, parsed or spelt out in broken JSON", async () => {
    const { session } = scriptedSession((message, server) => {
      if (typeof message === "string") {
        server.write({ jsonrpc: "2.0", id: "abc", error: { code: -32700, message: "Parse" } });
      } else if ((message as Sent).method === "ping") {
        server.write({ jsonrpc: "2.0", id: (message as Sent).id, result: {} });
      }
    });
    const broken = await session.sendRaw('{"jsonrpc": "2.0", "id": "abc", "method": ');
    assert.equal(broken.response?.id, "abc");
    const whole = await session.sendRaw('{"jsonrpc":"2.0","id":2147483648,"method":"ping"}');
    assert.equal(whole.response?.id, 2147483648);
  });

  await t.step("a parse error with an id that matches nothing is the raw frame's", async () => {
    const { session } = scriptedSession((message, server) => {
      if (typeof message === "string") {
        server.write({ jsonrpc: "2.0", id: 0, error: { code: -32700, message: "Parse error" } });
      }
    });
    const exchange = await session.sendRaw("not json at all");
    assert.equal(exchange.response?.id, 0);
  });

  await t.step("a successful answer with an unknown id is not", async () => {
    const { session } = scriptedSession((message, server) => {
      answerPings(message, server);
      if (typeof message === "string") server.write({ jsonrpc: "2.0", id: 7, result: {} });
    });
    const exchange = await session.sendRaw("not json at all", { fence: true });
    assert.equal(exchange.response, undefined);
    assert.equal(exchange.failure?.kind, "unanswered");
    assert.match(exchange.failure?.message ?? "", /ids match no request: 7 \(a number\)$/);
  });
});

Deno.test("textualId() reads the id a broken frame spells out", () => {
  assert.equal(textualId('{"jsonrpc": "2.0", "id": "schema-006", "method": '), "schema-006");
  assert.equal(textualId('{"id":12,"method":'), 12);
  assert.equal(textualId('{"id": "a\\"b", '), 'a"b');
  assert.equal(textualId('{"method": "x"'), undefined);
  assert.equal(textualId('{"id": null'), undefined);
});

Deno.test("a notification flood fails its request at the cap and the capture stops growing", async () => {
  const { session } = scriptedSession((message, server) => {
    const { method } = message as { method?: string };
    if (method !== "tools/call") return;
    const data = "x".repeat(1000);
    for (let i = 0; i < 200; i++) {
      server.write({ jsonrpc: "2.0", method: "notifications/message", params: { data } });
    }
  }, { maxNotificationBytes: 50_000 });
  const exchange = await session.request("tools/call", {}, { timeoutMs: 60_000 });
  assert.equal(exchange.failure?.kind, "protocol");
  assert.match(
    exchange.failure?.message ?? "",
    /^the server sent \d+ bytes of notifications during tools\/call, over the 50000-byte cap \(max_notification_bytes on the server entry\)$/,
  );
  assert.ok(exchange.notifications.length < 50, `${exchange.notifications.length} kept`);
  const capture = session.capture();
  assert.ok((capture.server_messages ?? []).length < 50);
  assert.ok((capture.server_messages_dropped?.messages ?? 0) > 150);
});
