/** @module The fence: on an in-order stream, "no answer" and "what came before" are decided by answers to pings sent later, never by a clock. */

import assert from "node:assert/strict";
import { FENCE_ROUNDS } from "../../../src/2_connect/session/session.ts";
import { answerPings, scriptedSession } from "../../_helpers/scripted_transport.ts";

type Sent = { id?: number | string; method?: string };
const PARSE_ERROR = { jsonrpc: "2.0", id: null, error: { code: -32700, message: "Parse error" } };

Deno.test("sendRaw({ fence: true }) decides from the server's later answers", async (t) => {
  await t.step("a dropped frame is unanswered once both pings are answered", async () => {
    const { session, transport } = scriptedSession(answerPings);
    const exchange = await session.sendRaw("{broken", { fence: true });
    assert.equal(exchange.failure?.kind, "unanswered");
    assert.match(
      exchange.failure?.message ?? "",
      /^no answer to the frame: the server answered 2 pings sent after it$/,
    );
    assert.equal(transport.sent.filter((m) => (m as Sent).method === "ping").length, FENCE_ROUNDS);
  });

  await t.step("an answer held back past one ping's answer still counts", async () => {
    let held = false;
    const { session } = scriptedSession((message, server) => {
      if (typeof message === "string") return void (held = true);
      if (answerPings(message, server) && held) {
        held = false;
        server.write(PARSE_ERROR);
      }
    });
    const exchange = await session.sendRaw("{broken", { fence: true });
    assert.equal(exchange.response?.error?.code, -32700);
  });

  await t.step("without an answer to the fence, the frame's own deadline decides", async () => {
    const { session } = scriptedSession(() => {});
    const exchange = await session.sendRaw("{broken", { fence: true, timeoutMs: 30 });
    assert.equal(exchange.failure?.kind, "timeout");
  });

  await t.step("a frame that does not parse, seen meanwhile, is named in the verdict", async () => {
    const { session } = scriptedSession((message, server) => {
      if (typeof message === "string") server.write("Traceback (most recent call last):");
      answerPings(message, server);
    });
    const exchange = await session.sendRaw("{broken", { fence: true });
    assert.equal(exchange.failure?.kind, "unanswered");
    assert.equal(exchange.failure?.layer, "framing");
    assert.match(exchange.failure?.message ?? "", /server wrote non-JSON to stdout: Traceback/);
  });

  await t.step("over a transport that is not in order there is no fence", async () => {
    const { session, transport } = scriptedSession(() => {}, { inOrder: false });
    const exchange = await session.sendRaw("{broken", { fence: true, timeoutMs: 30 });
    assert.equal(exchange.failure?.kind, "timeout");
    assert.equal(transport.sent.length, 1);
  });
});

Deno.test("fence() marks where what came before it ends", async (t) => {
  await t.step("lines written after the first ping's answer are the fence's own", async () => {
    const { session, transport } = scriptedSession((message, server) => {
      const { method } = message as Sent;
      if (method === "notifications/mcptest") {
        server.write({ jsonrpc: "2.0", method: "notifications/message", params: { n: 1 } });
      }
      if (answerPings(message, server)) server.write("trailing garbage after every answer");
    });
    await session.notify("notifications/mcptest");
    const fence = await session.fence();
    assert.equal(fence.held, true);
    const messages = session.capture().server_messages ?? [];
    assert.deepEqual(
      messages.slice(0, fence.mark).map((m) => m.message ?? m.raw),
      [{ jsonrpc: "2.0", method: "notifications/message", params: { n: 1 } }],
    );
    assert.equal(messages.length, 1 + FENCE_ROUNDS);
    assert.equal(transport.sent.length, 1 + FENCE_ROUNDS);
  });

  await t.step("a fence nobody answers is not held (bounded by the timeout)", async () => {
    const { session } = scriptedSession(() => {});
    const fence = await session.fence({ timeoutMs: 30 });
    assert.equal(fence.held, false);
  });

  await t.step("a frame that does not parse fails no request that gets its answer", async () => {
    const { session } = scriptedSession((message, server) => {
      const { id } = message as Sent;
      server.write("log line on stdout");
      server.write({ jsonrpc: "2.0", id, result: { ok: true } });
    });
    const exchange = await session.request("tools/list");
    assert.deepEqual(exchange.response?.result, { ok: true });
    assert.equal(session.capture().server_messages?.[0]?.raw, "log line on stdout");
  });
});
