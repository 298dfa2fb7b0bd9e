/** @module Tests of `transport: auto`: Streamable HTTP first, HTTP+SSE after a 400/404/405 first POST. */

import assert from "node:assert/strict";
import { AutoHttpTransport } from "../../../src/2_connect/transport/auto_http.ts";
import { TransportError } from "../../../src/2_connect/transport/transport_error.ts";
import type { HttpTarget } from "../../../src/3_load/config/types.ts";
import { startHttpFixture } from "../../fixtures/transport/helpers.ts";
import { recordingServer } from "../../fixtures/transport/recording_server.ts";
import { Collector, transportContract } from "./transport_contract.ts";

function target(url: string): HttpTarget {
  return { kind: "http", url, headers: {}, transport: "auto" };
}

Deno.test("AutoHttpTransport passes the transport contract", async (t) => {
  const fixture = await startHttpFixture();
  try {
    await t.step("on a Streamable HTTP endpoint", async (t) => {
      await transportContract(t, {
        make: () => new AutoHttpTransport(target(fixture.url("/mcp"))),
        label: fixture.url("/mcp"),
        http: true,
        serverMessages: true,
      });
    });
    await t.step("on a legacy HTTP+SSE endpoint (fallback)", async (t) => {
      await transportContract(t, {
        make: () => new AutoHttpTransport(target(fixture.url("/sse"))),
        label: fixture.url("/sse"),
        http: true,
        serverMessages: true,
      });
    });
  } finally {
    await fixture.close();
  }
});

Deno.test("AutoHttpTransport chooses the transport from the first POST", async (t) => {
  const fixture = await startHttpFixture();
  try {
    await t.step("a Streamable HTTP endpoint stays streamable-http", async () => {
      const transport = new AutoHttpTransport(target(fixture.url("/mcp")));
      const collector = new Collector(transport);
      try {
        await transport.start();
        await transport.send({ jsonrpc: "2.0", id: 1, method: "initialize", params: {} });
        const frame = await collector.waitFor(() => true);
        assert.equal(frame.http?.status, 400);
        assert.equal(transport.kind, "streamable-http");
      } finally {
        await transport.close();
      }
    });

    await t.step("a 404 on the first POST falls back to HTTP+SSE", async () => {
      const transport = new AutoHttpTransport(target(fixture.url("/sse")));
      const collector = new Collector(transport);
      try {
        await transport.start();
        await transport.send({ jsonrpc: "2.0", id: 1, method: "tools/list" });
        await collector.response(1);
        assert.equal(transport.kind, "sse");
      } finally {
        await transport.close();
      }
    });
  } finally {
    await fixture.close();
  }

  await t.step("a 500 does not fall back", async () => {
    const server = recordingServer(() => new Response("boom", { status: 500 }));
    const transport = new AutoHttpTransport(target(server.url));
    try {
      await transport.start();
      const error = await transport.send({ jsonrpc: "2.0", id: 1, method: "x" }).then(
        () => undefined,
        (e) => e,
      );
      assert.ok(error instanceof TransportError);
      assert.equal(error.http?.status, 500);
      assert.equal(transport.kind, "streamable-http");
      assert.deepEqual(server.requests.map((r) => r.method), ["POST"]);
    } finally {
      await transport.close();
      await server.close();
    }
  });

  await t.step("a bare 400 falls back only for initialize", async () => {
    const server = recordingServer(() => new Response("bad request", { status: 400 }));
    const transport = new AutoHttpTransport(target(server.url));
    try {
      await transport.start();
      const probe = { jsonrpc: "2.0" as const, id: 1, method: "server/discover" };
      await assert.rejects(() => transport.send(probe), TransportError);
      assert.deepEqual(server.requests.map((r) => r.method), ["POST"]);
      const init = { jsonrpc: "2.0" as const, id: 2, method: "initialize", params: {} };
      await assert.rejects(() => transport.send(init), TransportError);
      assert.deepEqual(server.requests.map((r) => r.method), ["POST", "POST", "GET"]);
      assert.equal(transport.kind, "streamable-http");
    } finally {
      await transport.close();
      await server.close();
    }
  });

  await t.step("when the fallback GET fails too, the first POST's error is reported", async () => {
    const server = recordingServer(() => new Response("not here", { status: 404 }));
    const transport = new AutoHttpTransport(target(server.url));
    try {
      await transport.start();
      const error = await transport.send({ jsonrpc: "2.0", id: 1, method: "x" }).then(
        () => undefined,
        (e) => e,
      );
      assert.ok(error instanceof TransportError);
      assert.equal(error.message, `http 404 from ${server.url}`);
      assert.deepEqual(server.requests.map((r) => r.method), ["POST", "GET"]);
    } finally {
      await transport.close();
      await server.close();
    }
  });
});
