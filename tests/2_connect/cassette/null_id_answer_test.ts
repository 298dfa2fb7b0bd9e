/** @module buildCassette(): an error with `id: null` that came back on a request's own POST answers that request, so what the server sends later on its GET stream goes to the request then in flight, not to it. */

import assert from "node:assert/strict";
import { buildCassette } from "../../../src/2_connect/cassette/build.ts";
import type { WireEvent } from "../../../src/2_connect/cassette/recording_transport.ts";

const SOURCE = {
  server: "s",
  label: "http://127.0.0.1:1/mcp",
  transport: "http" as const,
  protocolVersion: "2025-11-25",
  capabilities: {},
  serverInfo: null,
  recordedWith: "mcptest test",
  normalize: [],
  secrets: [],
};

const received = (message: unknown, inReplyTo?: number): WireEvent => ({
  dir: "received",
  message,
  raw: JSON.stringify(message),
  http: { status: 200, headers: {} },
  ...(inReplyTo === undefined ? {} : { inReplyTo }),
});

Deno.test("an id-null error answers its POST's request; a later GET-stream request goes to the call in flight", () => {
  const events: WireEvent[] = [
    { dir: "sent", message: { jsonrpc: "2.0", id: 1, method: "server/discover" } },
    received({ jsonrpc: "2.0", id: null, error: { code: -32000, message: "not initialized" } }, 1),
    {
      dir: "sent",
      message: { jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "r" } },
    },
    // On the GET stream: no request it replies to.
    received({ jsonrpc: "2.0", id: 0, method: "roots/list" }),
    { dir: "sent", message: { jsonrpc: "2.0", id: 0, result: { roots: [] } } },
    received({ jsonrpc: "2.0", id: 2, result: { content: [] } }, 2),
  ];
  const cassette = buildCassette(events, SOURCE);
  const [discover, call] = cassette.exchanges;
  assert.deepEqual(discover!.response, {
    jsonrpc: "2.0",
    id: null,
    error: { code: -32000, message: "not initialized" },
  });
  assert.equal(discover!.server_requests, undefined);
  assert.deepEqual(call!.server_requests, [{
    request: { jsonrpc: "2.0", id: 0, method: "roots/list" },
    reply: { jsonrpc: "2.0", id: 0, result: { roots: [] } },
  }]);
  assert.equal(cassette.server_messages, undefined);
});

Deno.test("an id-null error with no request named stays a server message", () => {
  const events: WireEvent[] = [
    { dir: "sent", message: { jsonrpc: "2.0", id: 1, method: "ping" } },
    received({ jsonrpc: "2.0", id: null, error: { code: -32700, message: "parse error" } }),
    received({ jsonrpc: "2.0", id: 1, result: {} }, 1),
  ];
  const cassette = buildCassette(events, SOURCE);
  assert.deepEqual(cassette.exchanges[0]!.response, { jsonrpc: "2.0", id: 1, result: {} });
  assert.equal(cassette.server_messages?.length, 1);
});
