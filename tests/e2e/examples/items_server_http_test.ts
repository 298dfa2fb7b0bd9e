/** @module The items example server over HTTP (Streamable HTTP, stateless 2026-07-28, HTTP+SSE), checked with raw fetch. */

import assert from "node:assert/strict";
import {
  HttpServerProcess,
  type Json,
  messagesOf,
  obj,
  post,
  SseReader,
} from "../../examples/_items_wire.ts";

const MISSING = { jsonrpc: "2.0", id: 1, method: "resources/read", params: { uri: "items://999" } };
const STREAMABLE = {
  "content-type": "application/json",
  accept: "application/json, text/event-stream",
};
const META = {
  "io.modelcontextprotocol/protocolVersion": "2026-07-28",
  "io.modelcontextprotocol/clientCapabilities": {},
};
const SERVER_INFO_KEY = "io.modelcontextprotocol/serverInfo";

/** Headers of a 2026-07-28 POST (SEP-2243). */
function statelessHeaders(method: string, name?: string): Record<string, string> {
  return {
    ...STREAMABLE,
    "mcp-protocol-version": "2026-07-28",
    "mcp-method": method,
    ...(name === undefined ? {} : { "mcp-name": name }),
  };
}

/** The only JSON-RPC message of a reply. */
function only(messages: Json[]): Json {
  assert.equal(messages.length, 1, JSON.stringify(messages));
  return messages[0] as Json;
}

Deno.test("items_server.ts --http serves the seed's endpoints and both eras", async (t) => {
  const server = await HttpServerProcess.start();
  try {
    await t.step("a bare POST (seed curl) gets -32602, ?scenario=legacy gets -32002", async () => {
      const conformant = await post(server.mcp(), MISSING);
      assert.equal(conformant.status, 200);
      assert.deepEqual(JSON.parse(conformant.text), {
        jsonrpc: "2.0",
        id: 1,
        error: {
          code: -32602,
          message: "invalid params: unknown resource items://999",
          data: { uri: "items://999" },
        },
      });
      const legacy = await post(server.mcp("?scenario=legacy"), MISSING);
      assert.deepEqual(JSON.parse(legacy.text), {
        jsonrpc: "2.0",
        id: 1,
        error: { code: -32002, message: "resource not found: items://999" },
      });
    });

    await t.step("responses carry x-served-by: mcp-edge and no server / x-powered-by", async () => {
      const reply = await post(server.mcp(), MISSING);
      assert.equal(reply.headers.get("x-served-by"), "mcp-edge");
      assert.equal(reply.headers.get("server"), null);
      assert.equal(reply.headers.get("x-powered-by"), null);
    });

    let session = "";
    await t.step("initialize opens a session; tools/list and state work in it", async () => {
      const init = await post(server.mcp(), {
        jsonrpc: "2.0",
        id: 1,
        method: "initialize",
        params: {
          protocolVersion: "2025-11-25",
          capabilities: {},
          clientInfo: { name: "items-test", version: "1.0.0" },
        },
      }, STREAMABLE);
      assert.equal(init.status, 200);
      session = init.headers.get("mcp-session-id") ?? "";
      assert.notEqual(session, "");
      assert.equal(init.headers.get("x-served-by"), "mcp-edge");
      assert.equal(obj(only(messagesOf(init)).result).protocolVersion, "2025-11-25");
      const headers = {
        ...STREAMABLE,
        "mcp-session-id": session,
        "mcp-protocol-version": "2025-11-25",
      };
      const notified = await post(server.mcp(), {
        jsonrpc: "2.0",
        method: "notifications/initialized",
      }, headers);
      assert.equal(notified.status, 202);
      const tools = await post(
        server.mcp(),
        { jsonrpc: "2.0", id: 2, method: "tools/list" },
        headers,
      );
      const names = (obj(only(messagesOf(tools)).result).tools as Json[]).map((tool) => tool.name);
      assert.ok(names.includes("create_item") && names.includes("search_items"));
      const created = await post(server.mcp(), {
        jsonrpc: "2.0",
        id: 3,
        method: "tools/call",
        params: { name: "create_item", arguments: { name: "http gadget" } },
      }, headers);
      assert.equal(obj(obj(only(messagesOf(created)).result).structuredContent).id, 4);
      const legacyRead = await post(server.mcp("?scenario=legacy"), { ...MISSING, id: 4 }, headers);
      assert.equal(
        obj(only(messagesOf(legacyRead)).error).code,
        -32002,
        "query chosen per request",
      );
    });

    await t.step("server/discover and a stateless request need no session", async () => {
      const discover = await post(server.mcp(), {
        jsonrpc: "2.0",
        id: 1,
        method: "server/discover",
        params: { _meta: META },
      }, statelessHeaders("server/discover"));
      assert.equal(discover.status, 200);
      const found = obj(only(messagesOf(discover)).result);
      assert.ok((found.supportedVersions as string[]).includes("2026-07-28"));
      assert.ok("resources" in obj(found.capabilities));
      const search = await post(server.mcp(), {
        jsonrpc: "2.0",
        id: 2,
        method: "tools/call",
        params: { name: "search_items", arguments: { query: "gadget" }, _meta: META },
      }, statelessHeaders("tools/call", "search_items"));
      assert.equal(search.headers.get("mcp-session-id"), null);
      const stale = await post(server.mcp(), {
        jsonrpc: "2.0",
        id: 3,
        method: "tools/list",
        params: { _meta: META },
      }, { ...statelessHeaders("tools/list"), "mcp-session-id": "stale-session" });
      assert.equal(stale.status, 200, "a 2026 request ignores Mcp-Session-Id");
      const answer = obj(only(messagesOf(search)).result);
      assert.equal(obj(answer.structuredContent).count, 1, "sees the item the session created");
      assert.equal(obj(obj(answer._meta)[SERVER_INFO_KEY]).name, "mcptest-items");
      const legacy = await post(server.mcp("?scenario=legacy"), {
        ...MISSING,
        params: { ...MISSING.params, _meta: META },
      }, statelessHeaders("resources/read", "items://999"));
      assert.equal(obj(only(messagesOf(legacy)).error).code, -32002);
    });

    await t.step(
      "2026 errors: version 400/-32022, header 400/-32020, method 404/-32601",
      async () => {
        const bogus = { ...META, "io.modelcontextprotocol/protocolVersion": "1999-01-01" };
        const version = await post(server.mcp(), {
          jsonrpc: "2.0",
          id: 1,
          method: "tools/list",
          params: { _meta: bogus },
        }, { ...statelessHeaders("tools/list"), "mcp-protocol-version": "1999-01-01" });
        assert.equal(version.status, 400);
        const versionError = obj(only(messagesOf(version)).error);
        assert.equal(versionError.code, -32022);
        assert.deepEqual(versionError.data, { supported: ["2026-07-28"], requested: "1999-01-01" });
        const mismatch = await post(server.mcp(), {
          jsonrpc: "2.0",
          id: 2,
          method: "tools/list",
          params: { _meta: META },
        }, { ...statelessHeaders("tools/list"), "mcp-protocol-version": "2025-11-25" });
        assert.equal(mismatch.status, 400);
        assert.equal(obj(only(messagesOf(mismatch)).error).code, -32020);
        const unknown = await post(server.mcp(), {
          jsonrpc: "2.0",
          id: 3,
          method: "mcptest/no-such-method",
          params: { _meta: META },
        }, statelessHeaders("mcptest/no-such-method"));
        assert.equal(unknown.status, 404);
        assert.equal(obj(only(messagesOf(unknown)).error).code, -32601);
      },
    );

    await t.step("GET /sse opens the HTTP+SSE transport with an endpoint event", async () => {
      const stream = await fetch(`${server.base}/sse?scenario=legacy`, {
        headers: { accept: "text/event-stream" },
      });
      assert.equal(stream.status, 200);
      assert.equal(stream.headers.get("x-served-by"), "mcp-edge");
      const events = new SseReader(stream.body as ReadableStream<Uint8Array>);
      try {
        const endpoint = await events.next();
        assert.equal(endpoint.event, "endpoint");
        assert.match(endpoint.data, /^\/messages\?scenario=legacy&sessionId=[0-9a-f-]+$/);
        const target = `${server.base}${endpoint.data}`;
        const json = { "content-type": "application/json" };
        const accepted = await post(target, {
          jsonrpc: "2.0",
          id: 1,
          method: "initialize",
          params: {
            protocolVersion: "2024-11-05",
            capabilities: {},
            clientInfo: { name: "items-test", version: "1.0.0" },
          },
        }, json);
        assert.equal(accepted.status, 202);
        const init = await events.next();
        assert.equal(init.event, "message");
        assert.equal(obj(obj(JSON.parse(init.data)).result).protocolVersion, "2024-11-05");
        await post(target, { jsonrpc: "2.0", method: "notifications/initialized" }, json);
        await post(target, { ...MISSING, id: 2 }, json);
        const missing = obj(JSON.parse((await events.next()).data));
        assert.deepEqual(missing.error, {
          code: -32002,
          message: "resource not found: items://999",
        });
      } finally {
        await events.cancel();
      }
    });

    await t.step("a foreign Origin is refused with 403", async () => {
      const reply = await post(server.mcp(), MISSING, { origin: "http://evil.example" });
      assert.equal(reply.status, 403);
    });

    await t.step("SIGTERM stops the server with exit code 0", async () => {
      const status = await server.stop();
      assert.equal(status.code, 0);
    });
  } finally {
    await server.stop();
  }
});

Deno.test("items_server.ts --http --era legacy answers server/discover with -32601", async () => {
  const server = await HttpServerProcess.start(["--era", "legacy"]);
  try {
    const reply = await post(server.mcp(), {
      jsonrpc: "2.0",
      id: 1,
      method: "server/discover",
      params: { _meta: META },
    }, statelessHeaders("server/discover"));
    assert.equal(obj(only(messagesOf(reply)).error).code, -32601);
  } finally {
    await server.stop();
  }
});
