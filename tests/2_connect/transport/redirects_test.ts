/** @module Tests of HTTP redirects: never followed silently; another origin is refused naming both origins and gets nothing (no header, no `*_Env` value); the same origin is followed and recorded. Streamable HTTP, legacy SSE, auto, connect() and doctor. */

import assert from "node:assert/strict";
import { connect } from "../../../src/2_connect/session/connect.ts";
import { AutoHttpTransport } from "../../../src/2_connect/transport/auto_http.ts";
import { ConnectError } from "../../../src/2_connect/transport/failure_layer.ts";
import { LegacySseTransport } from "../../../src/2_connect/transport/legacy_sse.ts";
import { StreamableHttpTransport } from "../../../src/2_connect/transport/streamable_http.ts";
import type { HttpTarget } from "../../../src/2_connect/transport/target.ts";
import { TransportError } from "../../../src/2_connect/transport/transport_error.ts";
import { walkUrl } from "../../../src/7_features/doctor/url_layers.ts";
import { httpServer } from "../../fixtures/transport/helpers.ts";
import { Collector } from "../../e2e/transport/transport_contract.ts";

const SECRET = "sekrit-token-value";
const HEADERS = { authorization: `Bearer ${SECRET}`, "x-api-key": SECRET };

/** A 127.0.0.1 server that records every request it gets (the "other origin"). */
function startOther() {
  const seen: { method: string; path: string; headers: Record<string, string> }[] = [];
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, (req) => {
    seen.push({
      method: req.method,
      path: new URL(req.url).pathname,
      headers: Object.fromEntries(req.headers),
    });
    return new Response("should never be reached", { status: 200 });
  });
  return { seen, origin: `http://127.0.0.1:${server.addr.port}`, close: () => server.shutdown() };
}

/**
 * The server under test: `/cross/*` redirects to the other origin (307), `/same/*` to `/mcp` or
 * `/sse` on itself, `/mcp` is a tiny Streamable HTTP server, `/sse` a legacy SSE stream whose
 * endpoint is `/messages`, `/evil-sse` a stream whose endpoint is on the other origin.
 */
function startMain(otherOrigin: string) {
  const streams = new Set<ReadableStreamDefaultController<Uint8Array>>();
  const encoder = new TextEncoder();
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, async (req) => {
    const path = new URL(req.url).pathname;
    if (path.startsWith("/cross/")) {
      return new Response(null, {
        status: 307,
        headers: { location: `${otherOrigin}/${path.slice(7)}` },
      });
    }
    if (path.startsWith("/same/")) {
      return new Response(null, { status: 307, headers: { location: `/${path.slice(6)}` } });
    }
    if (path === "/mcp" && req.method === "POST") {
      const message = await req.json();
      if (message.id === undefined) return new Response(null, { status: 202 });
      const result = message.method === "initialize"
        ? {
          protocolVersion: message.params.protocolVersion,
          capabilities: { tools: {} },
          serverInfo: { name: "redirected", version: "1" },
        }
        : { tools: [] };
      return Response.json({ jsonrpc: "2.0", id: message.id, result });
    }
    if (path === "/mcp") return new Response(null, { status: 405 });
    if ((path === "/sse" || path === "/evil-sse") && req.method === "GET") {
      const endpoint = path === "/sse" ? "/messages" : `${otherOrigin}/messages`;
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          streams.add(controller);
          controller.enqueue(encoder.encode(`event: endpoint\ndata: ${endpoint}\n\n`));
        },
      });
      return new Response(body, { headers: { "content-type": "text/event-stream" } });
    }
    return new Response("not found", { status: 404 });
  });
  return {
    origin: `http://127.0.0.1:${server.addr.port}`,
    close: async () => {
      for (const stream of streams) {
        try {
          stream.close();
        } catch {
          // closed
        }
      }
      await server.shutdown();
    },
  };
}

function target(url: string, transport: HttpTarget["transport"]): HttpTarget {
  return { kind: "http", url, headers: HEADERS, transport };
}

async function withServers(
  run: (main: string, other: string, seen: ReturnType<typeof startOther>["seen"]) => Promise<void>,
): Promise<void> {
  const other = startOther();
  const main = startMain(other.origin);
  try {
    await run(main.origin, other.origin, other.seen);
  } finally {
    await main.close();
    await other.close();
  }
}

const INIT = {
  jsonrpc: "2.0" as const,
  id: 1,
  method: "initialize",
  params: {
    protocolVersion: "2025-06-18",
    capabilities: {},
    clientInfo: { name: "t", version: "0" },
  },
};

function assertRefused(message: string, from: string, to: string): void {
  assert.match(message, /redirect from/);
  assert.ok(message.includes(from), `"${message}" does not name ${from}`);
  assert.ok(message.includes(to), `"${message}" does not name ${to}`);
  assert.ok(!message.includes(SECRET));
}

Deno.test("a redirect to another origin is refused, and that origin receives nothing", async (t) => {
  await t.step("streamable HTTP: send() fails at the http layer naming both origins", async () => {
    await withServers(async (main, other, seen) => {
      const transport = new StreamableHttpTransport(target(`${main}/cross/mcp`, "streamable-http"));
      await transport.start();
      try {
        const error = await transport.send(INIT).then(() => undefined, (e: unknown) => e);
        assert.ok(error instanceof TransportError);
        assert.equal(error.layer, "http");
        assert.equal(error.http?.status, 307);
        assertRefused(error.message, main, other);
        assert.deepEqual(seen, []);
      } finally {
        await transport.close();
      }
    });
  });

  await t.step(
    "legacy SSE: start() fails at the http layer; nothing reaches the other origin",
    async () => {
      await withServers(async (main, other, seen) => {
        const transport = new LegacySseTransport(target(`${main}/cross/sse`, "sse"));
        const error = await transport.start().then(() => undefined, (e: unknown) => e);
        await transport.close();
        assert.ok(error instanceof ConnectError);
        assert.equal(error.layer, "http");
        assertRefused(error.message, main, other);
        assert.deepEqual(seen, []);
      });
    },
  );

  await t.step("legacy SSE: an endpoint event on another origin is refused", async () => {
    await withServers(async (main, other, seen) => {
      const transport = new LegacySseTransport(target(`${main}/evil-sse`, "sse"));
      const error = await transport.start().then(() => undefined, (e: unknown) => e);
      await transport.close();
      assert.ok(error instanceof ConnectError);
      assert.equal(error.layer, "http");
      assert.ok(error.message.includes(other) && error.message.includes(main), error.message);
      assert.deepEqual(seen, []);
    });
  });

  await t.step("auto, through connect(): a ConnectError at the http layer", async () => {
    await withServers(async (main, other, seen) => {
      const server = httpServer(`${main}/cross/mcp`, "auto", { headers: HEADERS, timeoutMs: 5000 });
      const error = await connect(server).then(async (s) => {
        await s.close();
        return undefined;
      }, (e: unknown) => e);
      assert.ok(error instanceof ConnectError, String(error));
      assert.equal(error.layer, "http");
      assertRefused(error.message, main, other);
      assert.deepEqual(seen, []);
    });
  });

  await t.step("auto transport: send() is refused the same way (no fallback to SSE)", async () => {
    await withServers(async (main, other, seen) => {
      const transport = new AutoHttpTransport(target(`${main}/cross/mcp`, "auto"));
      await transport.start();
      try {
        const error = await transport.send(INIT).then(() => undefined, (e: unknown) => e);
        assert.ok(error instanceof TransportError);
        assertRefused(error.message, main, other);
        assert.equal(transport.kind, "streamable-http");
        assert.deepEqual(seen, []);
      } finally {
        await transport.close();
      }
    });
  });

  await t.step("doctor: the http layer fails naming both origins", async () => {
    await withServers(async (main, other, seen) => {
      const server = httpServer(`${main}/cross/mcp`, "auto", { headers: HEADERS });
      const { layers, session } = await walkUrl(
        server as typeof server & { target: HttpTarget },
        5000,
      );
      await session?.close();
      const http = layers.find((l) => l.layer === "http");
      assert.equal(http?.status, "fail");
      assertRefused(http?.detail ?? "", main, other);
      assert.deepEqual(seen, []);
    });
  });
});

Deno.test("a same-origin redirect is followed and recorded", async (t) => {
  await t.step("streamable HTTP: the frame's http info lists the redirect", async () => {
    await withServers(async (main, _other, seen) => {
      const transport = new StreamableHttpTransport(target(`${main}/same/mcp`, "streamable-http"));
      const collector = new Collector(transport);
      await transport.start();
      try {
        await transport.send(INIT);
        const frame = await collector.waitFor(() => true);
        assert.equal(frame.http?.status, 200);
        assert.deepEqual(frame.http?.redirects, [
          { status: 307, from: `${main}/same/mcp`, to: `${main}/mcp` },
        ]);
        assert.deepEqual(seen, []);
      } finally {
        await transport.close();
      }
    });
  });

  await t.step(
    "connect(): the session works and each exchange says it was redirected",
    async () => {
      await withServers(async (main) => {
        const session = await connect(httpServer(`${main}/same/mcp`, "auto", { headers: HEADERS }));
        try {
          const exchange = await session.request("tools/list");
          assert.equal(exchange.failure, undefined);
          assert.deepEqual(exchange.http?.redirects, [
            { status: 307, from: `${main}/same/mcp`, to: `${main}/mcp` },
          ]);
        } finally {
          await session.close();
        }
      });
    },
  );

  await t.step("legacy SSE: the stream is opened after the redirect", async () => {
    await withServers(async (main) => {
      const transport = new LegacySseTransport(target(`${main}/same/sse`, "sse"));
      try {
        await transport.start();
        assert.equal(transport.endpoint, `${main}/messages`);
      } finally {
        await transport.close();
      }
    });
  });

  await t.step("doctor: the http layer passes and names the redirect", async () => {
    await withServers(async (main) => {
      const server = httpServer(`${main}/same/mcp`, "auto", { headers: HEADERS });
      const { layers, session } = await walkUrl(
        server as typeof server & { target: HttpTarget },
        5000,
      );
      await session?.close();
      const http = layers.find((l) => l.layer === "http");
      assert.equal(http?.status, "ok");
      assert.match(http?.detail ?? "", /followed 307 .*\/same\/mcp -> .*\/mcp/);
    });
  });
});
