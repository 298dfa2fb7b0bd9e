/** @module Tests of the headers each revision puts on HTTP requests (MCP-Protocol-Version, Mcp-Method, Mcp-Name, session id). */

import assert from "node:assert/strict";
import { LATEST_REVISION } from "../../../src/0_base/protocol/revisions.ts";
import { connect } from "../../../src/2_connect/session/connect.ts";
import { httpServer } from "../../fixtures/transport/helpers.ts";
import {
  methodOf,
  recordingServer,
  result,
  STALL,
} from "../../fixtures/transport/recording_server.ts";

Deno.test("connect() sends the stateless-era headers on every POST", async () => {
  const server = recordingServer((req) => {
    const method = methodOf(req);
    if (method === "server/discover") {
      return result(req, {
        supportedVersions: [LATEST_REVISION],
        capabilities: { tools: {}, resources: {}, prompts: {} },
        _meta: { "io.modelcontextprotocol/serverInfo": { name: "modern", version: "2" } },
      });
    }
    if (
      method === "tools/call" && (req.json as { params: { name: string } }).params.name === "slow"
    ) {
      return STALL;
    }
    return result(req, {});
  });
  try {
    const session = await connect(httpServer(server.url, "streamable-http"));
    try {
      assert.equal(session.protocolVersion, LATEST_REVISION);
      assert.deepEqual(session.serverInfo, { name: "modern", version: "2" });
      await session.request("tools/call", { name: "echo", arguments: {} });
      await session.request("resources/read", { uri: "file:///a b.txt" });
      await session.request("prompts/get", { name: "grüße" });
      await session.request("tools/list");
      const slow = await session.request("tools/call", { name: "slow" }, { timeoutMs: 200 });
      assert.equal(slow.failure?.kind, "timeout");
    } finally {
      await session.close();
    }
    const seen = server.requests.map((r) => ({
      method: methodOf(r),
      version: r.headers["mcp-protocol-version"],
      mcpMethod: r.headers["mcp-method"],
      mcpName: r.headers["mcp-name"],
    }));
    const v = LATEST_REVISION;
    assert.deepEqual(seen, [
      { method: "server/discover", version: v, mcpMethod: "server/discover", mcpName: undefined },
      { method: "tools/call", version: v, mcpMethod: "tools/call", mcpName: "echo" },
      {
        method: "resources/read",
        version: v,
        mcpMethod: "resources/read",
        mcpName: "file:///a b.txt",
      },
      {
        method: "prompts/get",
        version: v,
        mcpMethod: "prompts/get",
        mcpName: "=?base64?Z3LDvMOfZQ==?=",
      },
      { method: "tools/list", version: v, mcpMethod: "tools/list", mcpName: undefined },
      { method: "tools/call", version: v, mcpMethod: "tools/call", mcpName: "slow" },
    ]);
    assert.ok(
      server.requests.every((r) =>
        r.method === "POST" && r.headers["mcp-session-id"] === undefined
      ),
    );
  } finally {
    await server.close();
  }
});

Deno.test("connect() sends MCP-Protocol-Version after initialize and echoes the session id", async () => {
  const server = recordingServer((req) => {
    const method = methodOf(req);
    if (req.method === "DELETE") return new Response(null, { status: 200 });
    if (method === "server/discover") return new Response("no", { status: 400 });
    if (method === "initialize") {
      return result(req, {
        protocolVersion: "2025-06-18",
        capabilities: {},
        serverInfo: { name: "s", version: "1" },
      }, { "mcp-session-id": "abc-123" });
    }
    if (method === "tools/call") return STALL;
    if (method === undefined || method.startsWith("notifications/")) {
      return new Response(null, { status: 202 });
    }
    return result(req, { tools: [] });
  });
  try {
    const session = await connect(
      httpServer(server.url, "streamable-http", { revision: "2025-06-18" }),
    );
    try {
      await session.request("tools/list");
      const slow = await session.request("tools/call", { name: "slow" }, { timeoutMs: 200 });
      assert.equal(slow.failure?.kind, "timeout");
    } finally {
      await session.close();
    }
    const seen = server.requests.map((r) => [
      r.method,
      methodOf(r) ?? "",
      r.headers["mcp-protocol-version"] ?? "-",
      r.headers["mcp-session-id"] ?? "-",
    ]);
    assert.deepEqual(seen, [
      ["POST", "initialize", "-", "-"],
      ["POST", "notifications/initialized", "2025-06-18", "abc-123"],
      ["POST", "tools/list", "2025-06-18", "abc-123"],
      ["POST", "tools/call", "2025-06-18", "abc-123"],
      ["POST", "notifications/cancelled", "2025-06-18", "abc-123"],
      ["DELETE", "", "2025-06-18", "abc-123"],
    ]);
    assert.ok(server.requests.every((r) => r.headers["mcp-method"] === undefined));
  } finally {
    await server.close();
  }
});
