/** @module Tests of the legacy HTTP+SSE transport: the shared contract, endpoint handling, start failures. */

import assert from "node:assert/strict";
import { LegacySseTransport } from "../../../src/2_connect/transport/legacy_sse.ts";
import { ConnectError } from "../../../src/2_connect/transport/failure_layer.ts";
import type { HttpTarget } from "../../../src/3_load/config/types.ts";
import { startHttpFixture } from "../../fixtures/transport/helpers.ts";
import { recordingServer } from "../../fixtures/transport/recording_server.ts";
import { Collector, transportContract } from "./transport_contract.ts";

function target(url: string): HttpTarget {
  return { kind: "http", url, headers: { "x-api-key": "k-secret" }, transport: "sse" };
}

Deno.test("LegacySseTransport passes the transport contract", async (t) => {
  const fixture = await startHttpFixture();
  try {
    await transportContract(t, {
      make: () => new LegacySseTransport(target(fixture.url("/sse"))),
      label: fixture.url("/sse"),
      http: true,
      serverMessages: true,
    });
  } finally {
    await fixture.close();
  }
});

Deno.test("LegacySseTransport start() opens the stream and resolves the endpoint", async (t) => {
  await t.step("the endpoint is resolved against the stream URL and POSTs go there", async () => {
    const fixture = await startHttpFixture();
    const transport = new LegacySseTransport(target(fixture.url("/sse")));
    try {
      const collector = new Collector(transport);
      await transport.start();
      assert.match(
        transport.endpoint ?? "",
        new RegExp(`^${fixture.url("/messages")}\\?sessionId=`),
      );
      await transport.send({
        jsonrpc: "2.0",
        id: 1,
        method: "initialize",
        params: {
          protocolVersion: "2024-11-05",
          capabilities: {},
          clientInfo: { name: "t", version: "0" },
        },
      });
      const frame = await collector.response(1);
      assert.equal(frame.http?.status, 200);
      assert.equal(frame.http?.headers["content-type"]?.startsWith("text/event-stream"), true);
    } finally {
      await transport.close();
      await fixture.close();
    }
  });

  await t.step("an HTTP error status on the GET is a ConnectError at the http layer", async () => {
    const server = recordingServer(() => new Response("nope", { status: 404 }));
    try {
      const error = await new LegacySseTransport(target(server.url)).start().then(
        () => undefined,
        (e) => e,
      );
      assert.ok(error instanceof ConnectError);
      assert.equal(error.layer, "http");
      assert.equal(error.message, `http 404 from ${server.url}`);
      assert.equal(server.requests[0]?.headers["accept"], "text/event-stream");
      assert.equal(server.requests[0]?.headers["x-api-key"], "k-secret");
      assert.doesNotMatch(error.message, /k-secret/);
    } finally {
      await server.close();
    }
  });

  await t.step("a stream that never names an endpoint fails within the timeout", async () => {
    const server = recordingServer(() =>
      new Response(
        new ReadableStream({ start: (c) => c.enqueue(new TextEncoder().encode(": hello\n\n")) }),
        {
          headers: { "content-type": "text/event-stream" },
        },
      )
    );
    try {
      const transport = new LegacySseTransport(target(server.url), { timeoutMs: 200 });
      const error = await transport.start().then(() => undefined, (e) => e);
      assert.ok(error instanceof ConnectError);
      assert.equal(error.layer, "http");
      assert.match(error.message, /no endpoint event within 200 ms/);
      await transport.close();
    } finally {
      await server.close();
    }
  });

  await t.step("a response that is not an event stream is rejected", async () => {
    const server = recordingServer(() =>
      new Response("{}", { headers: { "content-type": "application/json" } })
    );
    try {
      const error = await new LegacySseTransport(target(server.url)).start().then(
        () => undefined,
        (e) => e,
      );
      assert.ok(error instanceof ConnectError);
      assert.match(error.message, /expected text\/event-stream, got application\/json/);
    } finally {
      await server.close();
    }
  });
});
