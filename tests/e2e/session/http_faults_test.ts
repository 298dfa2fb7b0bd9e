/** @module Fault tests over HTTP: statuses, auth, refused connections; each a ConnectError layer or Exchange.failure. */

import assert from "node:assert/strict";
import { connect } from "../../../src/2_connect/session/connect.ts";
import { ConnectError } from "../../../src/2_connect/transport/failure_layer.ts";
import type { ServerSpec } from "../../../src/3_load/config/types.ts";
import { closedPort, httpServer, startHttpFixture } from "../../fixtures/transport/helpers.ts";
import {
  methodOf,
  recordingServer,
  result,
  STALL,
} from "../../fixtures/transport/recording_server.ts";

async function connectError(spec: ServerSpec): Promise<ConnectError> {
  const error = await connect(spec).then(async (s) => {
    await s.close();
    return undefined;
  }, (e: unknown) => e);
  assert.ok(error instanceof ConnectError, `expected a ConnectError, got ${error}`);
  return error;
}

const initResult = {
  protocolVersion: "2025-11-25",
  capabilities: { tools: {} },
  serverInfo: { name: "rec", version: "1" },
};

Deno.test("connect() reports HTTP failures by layer", async (t) => {
  await t.step("HTTP 500 -> http", async () => {
    const server = recordingServer(() => new Response("internal", { status: 500 }));
    try {
      for (const transport of ["streamable-http", "auto"] as const) {
        const error = await connectError(httpServer(server.url, transport));
        assert.equal(error.layer, "http");
        assert.equal(error.message, `http 500 from ${server.url}`);
        assert.equal(error.http?.status, 500);
      }
    } finally {
      await server.close();
    }
  });

  await t.step(
    "HTTP 404 at a wrong path -> http (after trying the HTTP+SSE fallback)",
    async () => {
      const fixture = await startHttpFixture();
      try {
        const url = fixture.url("/wrong");
        const error = await connectError(httpServer(url, "auto"));
        assert.equal(error.layer, "http");
        assert.equal(error.message, `http 404 from ${url}`);
      } finally {
        await fixture.close();
      }
    },
  );

  await t.step("HTTP 401 -> auth, and the secret header never shows", async () => {
    const secret = "Bearer tok-very-secret-123";
    const server = recordingServer(() =>
      new Response(JSON.stringify({ error: "invalid_token" }), {
        status: 401,
        headers: { "content-type": "application/json", "www-authenticate": 'Bearer realm="mcp"' },
      })
    );
    try {
      const error = await connectError(
        httpServer(server.url, "streamable-http", { headers: { Authorization: secret } }),
      );
      assert.equal(error.layer, "auth");
      assert.equal(error.message, `authentication failed: http 401 from ${server.url}`);
      assert.equal(server.requests[0]?.headers["authorization"], secret);
      assert.equal(server.requests.length, 1);
      assert.doesNotMatch(JSON.stringify({ m: error.message, h: error.http }), /tok-very-secret/);
    } finally {
      await server.close();
    }
  });

  await t.step("connection refused -> tcp", async () => {
    const port = closedPort();
    for (const transport of ["streamable-http", "sse", "auto"] as const) {
      const error = await connectError(httpServer(`http://127.0.0.1:${port}/mcp`, transport));
      assert.equal(error.layer, "tcp");
      assert.match(error.message, /^tcp connect failed: connection refused/i);
    }
  });

  await t.step("a server that never answers -> initialize, after one timeout", async () => {
    const server = recordingServer(() => STALL);
    try {
      const error = await connectError(
        httpServer(server.url, "streamable-http", { timeoutMs: 300 }),
      );
      assert.equal(error.layer, "initialize");
      // The server/discover probe timed out: initialize is not tried (no second timeout).
      assert.equal(
        error.message,
        "no answer to server/discover within 300ms (a server must answer every request, -32601 for an unknown method); pin protocol_version to skip the probe",
      );
    } finally {
      await server.close();
    }
  });
});

Deno.test("request() reports HTTP failures mid-run as Exchange.failure", async () => {
  const server = recordingServer((req) => {
    const method = methodOf(req);
    if (method === "initialize") return result(req, initResult);
    if (method === "tools/list") return new Response("gateway down", { status: 502 });
    if (method === "tools/call") {
      return new Response("not json {", { headers: { "content-type": "application/json" } });
    }
    return new Response(null, { status: method === "server/discover" ? 404 : 202 });
  });
  try {
    const session = await connect(httpServer(server.url, "streamable-http"));
    try {
      const list = await session.request("tools/list");
      assert.equal(list.failure?.kind, "http");
      assert.equal(list.failure?.layer, "http");
      assert.equal(list.failure?.message, `http 502 from ${server.url}`);
      assert.equal(list.http?.status, 502);
      const call = await session.request("tools/call", { name: "x" });
      assert.equal(call.failure?.kind, "protocol");
      assert.equal(call.failure?.message, "server wrote non-JSON to an HTTP response: not json {");
    } finally {
      await session.close();
    }
  } finally {
    await server.close();
  }
});
