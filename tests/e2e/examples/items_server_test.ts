/** @module The items example server over stdio, checked on the raw wire (JSON lines in, JSON lines out). */

import assert from "node:assert/strict";
import { type Json, obj, StdioPeer } from "../../examples/_items_wire.ts";

const STATELESS_META = {
  "io.modelcontextprotocol/protocolVersion": "2026-07-28",
  "io.modelcontextprotocol/clientCapabilities": {},
  "io.modelcontextprotocol/clientInfo": { name: "items-test", version: "1.0.0" },
};
const SERVER_INFO_KEY = "io.modelcontextprotocol/serverInfo";
const INITIALIZE = {
  protocolVersion: "2025-11-25",
  capabilities: {},
  clientInfo: { name: "items-test", version: "1.0.0" },
};
const TOOLS = [
  "add",
  "big",
  "create_item",
  "echo",
  "fail",
  "get_item",
  "list_items",
  "search_items",
  "slow",
];

function result(reply: Json): Json {
  assert.equal(reply.jsonrpc, "2.0");
  assert.ok(!("error" in reply), `unexpected error: ${JSON.stringify(reply.error)}`);
  return obj(reply.result, "result");
}

function error(reply: Json): Json {
  assert.ok(!("result" in reply), `expected an error, got ${JSON.stringify(reply.result)}`);
  return obj(reply.error, "error");
}

async function initialized(peer: StdioPeer): Promise<Json> {
  const init = result(await peer.request(0, "initialize", INITIALIZE));
  await peer.send({ jsonrpc: "2.0", method: "notifications/initialized" });
  return init;
}

Deno.test("items_server.ts over stdio serves tools, resources and prompts", async (t) => {
  const peer = new StdioPeer([]);
  try {
    await t.step("initialize answers the requested version and serverInfo", async () => {
      const init = await initialized(peer);
      assert.equal(init.protocolVersion, "2025-11-25");
      assert.deepEqual(init.serverInfo, { name: "mcptest-items", version: "1.0.0" });
      const capabilities = obj(init.capabilities);
      for (const key of ["tools", "resources", "prompts"]) assert.ok(key in capabilities, key);
    });

    await t.step("tools/list lists every tool, create_item with an outputSchema", async () => {
      const tools = result(await peer.request(1, "tools/list")).tools as Json[];
      assert.deepEqual(tools.map((tool) => tool.name).sort(), TOOLS);
      const create = tools.find((tool) => tool.name === "create_item");
      assert.equal(obj(create?.outputSchema).type, "object");
    });

    await t.step("create_item then search_items finds the new item (state)", async () => {
      const created = result(
        await peer.request(2, "tools/call", {
          name: "create_item",
          arguments: { name: "blue widget", tags: ["blue"] },
        }),
      );
      assert.deepEqual(created.structuredContent, { id: 4, name: "blue widget", tags: ["blue"] });
      const found = result(
        await peer.request(3, "tools/call", {
          name: "search_items",
          arguments: { query: "BLUE" },
        }),
      );
      assert.deepEqual(obj(found.structuredContent).count, 1);
      const text = String(obj((found.content as unknown[])[0]).text);
      assert.match(text, /blue widget/);
    });

    await t.step("add, echo and fail", async () => {
      const sum = result(
        await peer.request(4, "tools/call", { name: "add", arguments: { a: 2, b: 3 } }),
      );
      assert.deepEqual(sum.structuredContent, { sum: 5 });
      const echo = result(
        await peer.request(5, "tools/call", { name: "echo", arguments: { text: "hi" } }),
      );
      assert.deepEqual(echo.content, [{ type: "text", text: "hi" }]);
      const failed = result(await peer.request(6, "tools/call", { name: "fail", arguments: {} }));
      assert.equal(failed.isError, true);
    });

    await t.step(
      "an unknown tool is the protocol error -32602, bad arguments a tool error",
      async () => {
        const unknown = await peer.request(20, "tools/call", { name: "nope", arguments: {} });
        assert.deepEqual(error(unknown), {
          code: -32602,
          message: "invalid params: unknown tool nope",
        });
        const invalid = result(
          await peer.request(21, "tools/call", { name: "add", arguments: { a: "x" } }),
        );
        assert.equal(invalid.isError, true);
      },
    );

    await t.step("slow waits delay_ms; big returns kb KiB of text", async () => {
      const started = performance.now();
      result(await peer.request(22, "tools/call", { name: "slow", arguments: { delay_ms: 150 } }));
      assert.ok(performance.now() - started >= 140, "slow answered too early");
      const big = result(
        await peer.request(23, "tools/call", { name: "big", arguments: { kb: 4 } }),
      );
      assert.equal(String(obj((big.content as unknown[])[0]).text).length, 4096);
    });

    await t.step("resources list, template and read", async () => {
      const listed = result(await peer.request(7, "resources/list")).resources as Json[];
      assert.deepEqual(listed.map((r) => r.uri), [
        "items://1",
        "items://2",
        "items://3",
        "items://4",
      ]);
      const templates = result(await peer.request(8, "resources/templates/list"));
      assert.equal(obj((templates.resourceTemplates as unknown[])[0]).uriTemplate, "items://{id}");
      const read = result(await peer.request(9, "resources/read", { uri: "items://1" }));
      const content = obj((read.contents as unknown[])[0]);
      assert.equal(content.mimeType, "application/json");
      assert.equal(obj(JSON.parse(String(content.text))).name, "red apple");
    });

    await t.step("a missing resource is -32602 in the default scenario", async () => {
      const reply = await peer.request(10, "resources/read", { uri: "items://999" });
      assert.deepEqual(error(reply), {
        code: -32602,
        message: "invalid params: unknown resource items://999",
        data: { uri: "items://999" },
      });
    });

    await t.step("prompts list and get", async () => {
      const prompts = result(await peer.request(11, "prompts/list")).prompts as Json[];
      assert.deepEqual(prompts.map((p) => p.name).sort(), ["greeting", "summarize_item"]);
      const got = result(
        await peer.request(12, "prompts/get", { name: "greeting", arguments: { name: "Ada" } }),
      );
      const message = obj((got.messages as unknown[])[0]);
      assert.match(String(obj(message.content).text), /Ada/);
    });

    await t.step("closing stdin stops the server cleanly; stdout held only JSON-RPC", async () => {
      const { status } = await peer.closeStdin();
      assert.equal(status.code, 0);
      for (const line of peer.lines) assert.equal(obj(JSON.parse(line)).jsonrpc, "2.0");
    });
  } finally {
    await peer.dispose();
  }
});

Deno.test("items_server.ts --scenario legacy answers a missing resource with -32002", async () => {
  const peer = new StdioPeer(["--scenario", "legacy"]);
  try {
    await initialized(peer);
    const reply = await peer.request(1, "resources/read", { uri: "items://999" });
    assert.deepEqual(error(reply), { code: -32002, message: "resource not found: items://999" });
    const stateless = await peer.request(2, "resources/read", {
      uri: "items://999",
      _meta: STATELESS_META,
    });
    assert.equal(error(stateless).code, -32002, "the 2026 era keeps the legacy defect");
  } finally {
    await peer.dispose();
  }
});

Deno.test("items_server.ts over stdio serves the 2026-07-28 era without initialize", async (t) => {
  const peer = new StdioPeer([]);
  try {
    await t.step("server/discover lists 2026-07-28 and the initialize-era versions", async () => {
      const found = result(await peer.request(1, "server/discover", { _meta: STATELESS_META }));
      const versions = found.supportedVersions as string[];
      assert.equal(versions[0], "2026-07-28");
      assert.ok(versions.includes("2025-11-25"));
      assert.ok("tools" in obj(found.capabilities));
      assert.equal(typeof found.ttlMs, "number");
      assert.equal(found.cacheScope, "public");
      assert.equal(obj(obj(found._meta)[SERVER_INFO_KEY]).name, "mcptest-items");
    });

    await t.step("a stateless request is served, serverInfo in result _meta", async () => {
      const reply = await peer.request(2, "tools/call", {
        name: "add",
        arguments: { a: 1, b: 2 },
        _meta: STATELESS_META,
      });
      const answer = result(reply);
      assert.deepEqual(answer.structuredContent, { sum: 3 });
      assert.equal(answer.resultType, "complete");
      assert.equal(obj(obj(answer._meta)[SERVER_INFO_KEY]).name, "mcptest-items");
    });

    await t.step("a stateless missing resource keeps the scenario's code", async () => {
      const reply = await peer.request(3, "resources/read", {
        uri: "items://999",
        _meta: STATELESS_META,
      });
      assert.equal(error(reply).code, -32602);
    });

    await t.step(
      "an unsupported _meta version is -32022 with data {supported, requested}",
      async () => {
        const reply = await peer.request(4, "tools/list", {
          _meta: { ...STATELESS_META, "io.modelcontextprotocol/protocolVersion": "1999-01-01" },
        });
        const failure = error(reply);
        assert.equal(failure.code, -32022);
        assert.deepEqual(failure.data, { supported: ["2026-07-28"], requested: "1999-01-01" });
      },
    );

    await t.step("a request with neither initialize nor _meta is -32602", async () => {
      assert.equal(error(await peer.request(5, "tools/list")).code, -32602);
    });
  } finally {
    await peer.dispose();
  }
});

Deno.test("items_server.ts --era legacy answers server/discover with -32601", async () => {
  const peer = new StdioPeer(["--era", "legacy"]);
  try {
    const reply = await peer.request(1, "server/discover", { _meta: STATELESS_META });
    assert.equal(error(reply).code, -32601);
    const init = await initialized(peer);
    assert.equal(init.protocolVersion, "2025-11-25");
  } finally {
    await peer.dispose();
  }
});

Deno.test("items_server.ts over stdio exits 0 on SIGTERM", async () => {
  const peer = new StdioPeer([]);
  try {
    await initialized(peer);
    const status = await peer.signal("SIGTERM");
    assert.equal(status.code, 0);
  } finally {
    await peer.dispose();
  }
});

Deno.test("items_server.ts rejects an unknown flag with exit code 2", async () => {
  const peer = new StdioPeer(["--bogus"]);
  try {
    const { status, stderr } = await peer.closeStdin();
    assert.equal(status.code, 2);
    assert.match(stderr, /^error: /);
  } finally {
    await peer.dispose();
  }
});
