/** @module Streamable HTTP `listen`: once notifications/initialized is sent, the transport opens the server's GET event stream (awaited), delivers what the server sends there, and closes it; without `listen`, or on a 405, there is none. */

import assert from "node:assert/strict";
import { StreamableHttpTransport } from "../../../src/2_connect/transport/streamable_http.ts";
import type { Frame } from "../../../src/2_connect/transport/types.ts";

/** A tiny Streamable HTTP server: a session id, 202 for notifications, GET as the test says. */
function startServer(get: "stream" | "405") {
  const gets: Headers[] = [];
  const posted: unknown[] = [];
  let push: ((text: string) => void) | undefined;
  const streams: ReadableStreamDefaultController<Uint8Array>[] = [];
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, async (req) => {
    if (req.method === "GET") {
      gets.push(req.headers);
      if (get === "405") return new Response(null, { status: 405 });
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          streams.push(controller);
          push = (text) => controller.enqueue(new TextEncoder().encode(`data: ${text}\n\n`));
        },
      });
      return new Response(body, { headers: { "content-type": "text/event-stream" } });
    }
    if (req.method === "DELETE") return new Response(null, { status: 200 });
    const message = await req.json();
    posted.push(message);
    if (message.id === undefined) return new Response(null, { status: 202 });
    return Response.json({ jsonrpc: "2.0", id: message.id, result: {} }, {
      headers: { "mcp-session-id": "session-1" },
    });
  });
  return {
    url: `http://127.0.0.1:${server.addr.port}/mcp`,
    gets,
    posted,
    push: (text: string) => push!(text),
    close: async () => {
      for (const stream of streams) {
        try {
          stream.close();
        } catch { /* already closed */ }
      }
      await server.shutdown();
    },
  };
}

const target = (url: string) => ({
  kind: "http" as const,
  url,
  headers: {},
  transport: "streamable-http" as const,
});

async function handshake(transport: StreamableHttpTransport): Promise<void> {
  await transport.start();
  await transport.send({ jsonrpc: "2.0", id: 1, method: "initialize", params: {} });
  await transport.send(
    { jsonrpc: "2.0", method: "notifications/initialized" },
    { headers: { "mcp-protocol-version": "2025-11-25" } },
  );
}

Deno.test("listen: the GET stream is open once initialized is sent, and its frames arrive", async () => {
  const server = startServer("stream");
  const transport = new StreamableHttpTransport(target(server.url), { listen: true });
  const frames: Frame[] = [];
  const arrived = Promise.withResolvers<void>();
  transport.onFrame = (frame) => {
    if ((frame.message as { method?: string }).method === undefined) return;
    frames.push(frame);
    arrived.resolve();
  };
  try {
    await handshake(transport);
    // Open when send() resolved: with the session id and the negotiated version.
    assert.equal(server.gets.length, 1);
    assert.equal(server.gets[0]!.get("mcp-session-id"), "session-1");
    assert.equal(server.gets[0]!.get("mcp-protocol-version"), "2025-11-25");
    assert.match(server.gets[0]!.get("accept") ?? "", /text\/event-stream/);
    server.push(JSON.stringify({ jsonrpc: "2.0", id: 0, method: "roots/list" }));
    await arrived.promise;
    assert.deepEqual(frames[0]!.message, { jsonrpc: "2.0", id: 0, method: "roots/list" });
    assert.equal(frames[0]!.inReplyTo, undefined);
    // drained() is about POST answers: the open listen stream does not hold it.
    await transport.drained();
  } finally {
    await transport.close();
    await server.close();
  }
});

Deno.test("without listen there is no GET; with a 405 there is none and nothing fails", async () => {
  for (const [listen, get] of [[false, "stream"], [true, "405"]] as const) {
    const server = startServer(get);
    const transport = new StreamableHttpTransport(target(server.url), { listen });
    const events: unknown[] = [];
    transport.onEvent = (event) => events.push(event);
    try {
      await handshake(transport);
      assert.equal(server.gets.length, listen ? 1 : 0);
      await transport.send({ jsonrpc: "2.0", id: 2, method: "ping" });
      assert.equal(server.posted.length, 3);
      assert.deepEqual(events, []);
    } finally {
      await transport.close();
      await server.close();
    }
  }
});
