/** @module Tests of the Streamable HTTP transport: the shared contract, sessions, bodies, statuses, resume. */

import assert from "node:assert/strict";
import { StreamableHttpTransport } from "../../../src/2_connect/transport/streamable_http.ts";
import { TransportError } from "../../../src/2_connect/transport/transport_error.ts";
import type { HttpTarget } from "../../../src/3_load/config/types.ts";
import { startHttpFixture } from "../../fixtures/transport/helpers.ts";
import {
  json,
  methodOf,
  recordingServer,
  result,
  sse,
} from "../../fixtures/transport/recording_server.ts";
import { Collector, field, transportContract } from "./transport_contract.ts";

function target(url: string, headers: Record<string, string> = {}): HttpTarget {
  return { kind: "http", url, headers, transport: "streamable-http" };
}

Deno.test("StreamableHttpTransport passes the transport contract", async (t) => {
  const fixture = await startHttpFixture();
  try {
    await t.step("with SSE responses", async (t) => {
      await transportContract(t, {
        make: () => new StreamableHttpTransport(target(fixture.url("/mcp"))),
        label: fixture.url("/mcp"),
        http: true,
        serverMessages: true,
      });
    });
    await t.step("with JSON responses", async (t) => {
      await transportContract(t, {
        make: () => new StreamableHttpTransport(target(fixture.url("/mcp-json"))),
        label: fixture.url("/mcp-json"),
        http: true,
        serverMessages: false,
      });
    });
  } finally {
    await fixture.close();
  }
});

Deno.test("StreamableHttpTransport speaks the HTTP side of the protocol", async (t) => {
  await t.step(
    "send() posts JSON with both Accept types, echoes the session id, DELETEs on close",
    async () => {
      const server = recordingServer((req) => {
        if (req.method === "DELETE") return new Response(null, { status: 405 });
        if (methodOf(req) === "initialize") return result(req, {}, { "mcp-session-id": "sess-1" });
        return new Response(null, { status: 202 });
      });
      const transport = new StreamableHttpTransport(
        target(server.url, { authorization: "Bearer s3cret" }),
      );
      try {
        const collector = new Collector(transport);
        await transport.start();
        await transport.send({ jsonrpc: "2.0", id: 1, method: "initialize" });
        const frame = await collector.response(1);
        assert.equal(frame.http?.status, 200);
        assert.equal(frame.http?.headers["mcp-session-id"], "sess-1");
        assert.equal(frame.inReplyTo, 1);
        await transport.send({ jsonrpc: "2.0", method: "notifications/initialized" }, {
          headers: { "MCP-Protocol-Version": "x-test" },
        });
        assert.deepEqual(transport.sessionHeaders, { "mcp-session-id": "sess-1" });
        await transport.close();
        const [init, note, del] = server.requests;
        assert.equal(init?.headers["accept"], "application/json, text/event-stream");
        assert.equal(init?.headers["content-type"], "application/json");
        assert.equal(init?.headers["authorization"], "Bearer s3cret");
        assert.equal(init?.headers["mcp-session-id"], undefined);
        assert.equal(note?.headers["mcp-session-id"], "sess-1");
        assert.equal(note?.headers["mcp-protocol-version"], "x-test");
        assert.equal(del?.method, "DELETE");
        assert.equal(del?.headers["mcp-session-id"], "sess-1");
        assert.equal(del?.headers["mcp-protocol-version"], "x-test");
        assert.equal(collector.frames.length, 1);
      } finally {
        await transport.close();
        await server.close();
      }
    },
  );

  await t.step(
    "an error status with a JSON-RPC body is a frame; without one, send() rejects",
    async () => {
      const server = recordingServer((req) =>
        methodOf(req) === "a"
          ? json({ jsonrpc: "2.0", id: null, error: { code: -32000, message: "Bad Request" } }, 400)
          : new Response("<html>oops</html>", {
            status: 502,
            headers: { "content-type": "text/html" },
          })
      );
      const transport = new StreamableHttpTransport(target(server.url));
      try {
        const collector = new Collector(transport);
        await transport.start();
        await transport.send({ jsonrpc: "2.0", id: 1, method: "a" });
        const frame = await collector.waitFor(() => true);
        assert.equal(frame.http?.status, 400);
        assert.equal(frame.inReplyTo, 1);
        const error = await transport.send({ jsonrpc: "2.0", id: 2, method: "b" }).then(
          () => undefined,
          (e) => e,
        );
        assert.ok(error instanceof TransportError);
        assert.equal(error.kind, "http");
        assert.equal(error.layer, "http");
        assert.equal(error.http?.status, 502);
        assert.equal(error.message, `http 502 from ${server.url}`);
      } finally {
        await transport.close();
        await server.close();
      }
    },
  );

  await t.step(
    "an SSE response that ends early is resumed with GET and Last-Event-ID",
    async () => {
      const server = recordingServer((req) => {
        if (req.method === "GET") {
          return sse([`id: e2\ndata: {"jsonrpc":"2.0","id":7,"result":{"resumed":true}}`]);
        }
        if (req.method === "DELETE") return new Response(null, { status: 405 });
        return sse([
          "id: e1\nretry: 1\ndata:",
          ": keep-alive",
          `data: {"jsonrpc":"2.0","method":"notifications/x"}`,
        ]);
      });
      const transport = new StreamableHttpTransport(target(server.url));
      try {
        const collector = new Collector(transport);
        await transport.start();
        await transport.send({ jsonrpc: "2.0", id: 7, method: "slow" });
        const frame = await collector.response(7);
        assert.deepEqual(field(frame.message, "result"), { resumed: true });
        const get = server.requests.find((r) => r.method === "GET");
        assert.equal(get?.headers["last-event-id"], "e1");
        assert.equal(get?.headers["accept"], "text/event-stream");
        assert.equal(collector.frames.length, 2);
      } finally {
        await transport.close();
        await server.close();
      }
    },
  );

  await t.step(
    "an SSE stream that ends without the response (and no event id) emits an error event",
    async () => {
      const server = recordingServer(() =>
        sse([`data: {"jsonrpc":"2.0","method":"notifications/x"}`])
      );
      const transport = new StreamableHttpTransport(target(server.url));
      try {
        const collector = new Collector(transport);
        const event = new Promise<{ requestId?: unknown; message: string }>((resolve) => {
          transport.onEvent = (e) => resolve(e);
        });
        await transport.start();
        await transport.send({ jsonrpc: "2.0", id: 9, method: "x" });
        const seen = await event;
        assert.equal(seen.requestId, 9);
        assert.match(seen.message, /ended before the response/);
        assert.equal(collector.frames.length, 1);
      } finally {
        await transport.close();
        await server.close();
      }
    },
  );
});
