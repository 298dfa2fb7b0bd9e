/** @module mcptest's client: it declares what its spec says, answers sampling, elicitation and roots from the script, and records what the server asked; what it did not declare it refuses. */

import assert from "node:assert/strict";
import { ClientResponder } from "../../../src/2_connect/session/client_responder.ts";
import {
  type ClientSpec,
  declaredCapabilities,
} from "../../../src/2_connect/session/client_spec.ts";
import { McpSession } from "../../../src/2_connect/session/session.ts";
import { ScriptedTransport } from "../../_helpers/scripted_transport.ts";
import { handshake } from "../../../src/2_connect/session/handshake.ts";
import { findRevision } from "../../../src/0_base/protocol/revisions.ts";

const pos = { file: "s.yml", line: 1, col: 1 };

const SPEC: ClientSpec = {
  capabilities: { sampling: {}, elicitation: { form: true }, roots: { listChanged: true } },
  roots: [{ uri: "file:///work", name: "work" }],
  sampling: [
    {
      when: [{
        target: "params.messages[0].content.text",
        matcher: { name: "regex", arg: "weather", pos },
      }],
      result: { role: "assistant", content: { type: "text", text: "sunny" }, model: "stub" },
    },
  ],
  elicitation: [{ result: { action: "accept", content: { name: "Ada" } } }],
};

Deno.test("declaredCapabilities() says what the spec declares, elicitation modes by revision", () => {
  assert.deepEqual(declaredCapabilities(SPEC), {
    sampling: {},
    elicitation: { form: {} },
    roots: { listChanged: true },
  });
  assert.deepEqual(declaredCapabilities(SPEC, false).elicitation, {});
  assert.deepEqual(declaredCapabilities({ capabilities: {} }), {});
});

Deno.test("ClientResponder answers from the script and records why", async (t) => {
  const responder = new ClientResponder(SPEC);
  const ask = (text: string) => ({
    messages: [{ role: "user", content: { type: "text", text } }],
    maxTokens: 10,
  });
  await t.step("a matching sampling reply", async () => {
    const record = await responder.answer("sampling/createMessage", ask("the weather?"));
    assert.equal(record.kind, "scripted");
    assert.deepEqual(record.reply, {
      result: { role: "assistant", content: { type: "text", text: "sunny" }, model: "stub" },
    });
  });
  await t.step("a request no reply covers: an error that names it", async () => {
    const record = await responder.answer("sampling/createMessage", ask("hello"));
    assert.equal(record.kind, "unscripted");
    assert.equal(
      record.detail,
      "no scripted sampling reply matches this sampling/createMessage (1 scripted)",
    );
    assert.equal((record.reply as { error: { code: number } }).error.code, -32603);
  });
  await t.step("elicitation, roots, ping", async () => {
    assert.deepEqual((await responder.answer("elicitation/create", { message: "name?" })).reply, {
      result: { action: "accept", content: { name: "Ada" } },
    });
    assert.deepEqual((await responder.answer("roots/list", {})).reply, {
      result: { roots: [{ uri: "file:///work", name: "work" }] },
    });
    assert.equal((await responder.answer("ping", {})).kind, "builtin");
  });
  await t.step("what is not declared is refused with -32601", async () => {
    const none = new ClientResponder({ capabilities: {} });
    for (const method of ["sampling/createMessage", "elicitation/create", "roots/list", "x/y"]) {
      const record = await none.answer(method, {});
      assert.equal(record.kind, "undeclared", method);
      assert.equal((record.reply as { error: { code: number } }).error.code, -32601);
    }
    const urlMode = await responder.answer("elicitation/create", { mode: "url", url: "https://x" });
    assert.equal(urlMode.kind, "undeclared");
  });
});

Deno.test("McpSession declares the spec at initialize and answers the server's requests", async () => {
  let callId: unknown;
  const replies: unknown[] = [];
  const transport = new ScriptedTransport((message, server) => {
    const { id, method, params } = message as {
      id?: number | string;
      method?: string;
      params?: Record<string, unknown>;
    };
    if (method === "initialize") {
      server.write({
        jsonrpc: "2.0",
        id,
        result: {
          protocolVersion: "2025-11-25",
          capabilities: { tools: {}, experimental: { echo: params?.capabilities } },
          serverInfo: { name: "s", version: "1" },
        },
      });
    } else if (method === "tools/call") {
      callId = id;
      server.write({
        jsonrpc: "2.0",
        id: "s1",
        method: "sampling/createMessage",
        params: { messages: [{ role: "user", content: { type: "text", text: "weather" } }] },
      });
      server.write({ jsonrpc: "2.0", id: "s2", method: "roots/list" });
    } else if (id === "s1" || id === "s2") {
      // The call is answered once both replies are in, as a server awaiting them would.
      replies.push(message);
      if (replies.length === 2) {
        server.write({ jsonrpc: "2.0", id: callId, result: { content: [] } });
      }
    }
  });
  const session = new McpSession({
    server: {
      key: "s",
      name: "s",
      target: { kind: "stdio", command: ["x"], env: {} },
      timeoutMs: 60_000,
      client: SPEC,
    },
    transport,
    clientInfo: { name: "mcptest", version: "t" },
  });
  try {
    await handshake(session, {
      pin: findRevision("2025-11-25"),
      clientInfo: { name: "mcptest", version: "t" },
      timeoutMs: 60_000,
    });
    assert.deepEqual(
      (session.serverCapabilities as { experimental: { echo: unknown } }).experimental.echo,
      { sampling: {}, elicitation: { form: {} }, roots: { listChanged: true } },
    );
    const exchange = await session.request("tools/call", { name: "t" });
    assert.deepEqual(exchange.response?.result, { content: [] });
    assert.deepEqual(replies, [
      {
        jsonrpc: "2.0",
        id: "s1",
        result: { role: "assistant", content: { type: "text", text: "sunny" }, model: "stub" },
      },
      { jsonrpc: "2.0", id: "s2", result: { roots: [{ uri: "file:///work", name: "work" }] } },
    ]);
    assert.deepEqual(exchange.serverRequests?.map((r) => [r.request.method, r.kind]), [
      ["sampling/createMessage", "scripted"],
      ["roots/list", "builtin"],
    ]);
  } finally {
    await session.close();
  }
});
