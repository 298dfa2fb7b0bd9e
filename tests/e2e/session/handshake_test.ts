/** @module Tests of the handshake per revision: defaults, pins, the stateless era, rejected initializes. */

import assert from "node:assert/strict";
import { LATEST_REVISION, REVISIONS } from "../../../src/0_base/protocol/revisions.ts";
import { connect } from "../../../src/2_connect/session/connect.ts";
import { ConnectError } from "../../../src/2_connect/transport/failure_layer.ts";
import { ConfigError } from "../../../src/0_base/errors/errors.ts";
import { denoFixture, stdioServer } from "../../fixtures/transport/helpers.ts";
import { firstText } from "./session_contract.ts";

const raw = (mode: string, extra = {}) =>
  stdioServer(denoFixture("raw_stdio_server.ts", mode), extra);

async function connectError(spec: ReturnType<typeof raw>): Promise<ConnectError> {
  const error = await connect(spec).then(async (s) => {
    await s.close();
    return undefined;
  }, (e: unknown) => e);
  assert.ok(error instanceof ConnectError, `expected a ConnectError, got ${error}`);
  return error;
}

Deno.test("connect() uses the stateless era when server/discover lists it", async (t) => {
  await t.step("unpinned: the discover probe decides", async () => {
    const session = await connect(raw("stateless"), { clientVersion: "1.2.3" });
    try {
      assert.equal(session.protocolVersion, LATEST_REVISION);
      assert.deepEqual(session.serverCapabilities, { tools: {} });
      assert.deepEqual(session.serverInfo, { name: "raw-stateless", version: "0.0.1" });
      const call = await session.request("tools/call", { name: "echo", arguments: {} });
      assert.deepEqual(JSON.parse(firstText(call) ?? "null"), {
        name: "mcptest",
        version: "1.2.3",
      });
      const sent = call.request as unknown as { params: { _meta: Record<string, unknown> } };
      assert.equal(sent.params._meta["io.modelcontextprotocol/protocolVersion"], LATEST_REVISION);
      assert.deepEqual(sent.params._meta["io.modelcontextprotocol/clientCapabilities"], {});
      const methods = session.capture().exchanges.map((e) =>
        (e.request as { method: string }).method
      );
      assert.deepEqual(methods, ["server/discover", "tools/call"]);
    } finally {
      await session.close();
    }
  });

  await t.step("pinned to the stateless revision", async () => {
    const session = await connect(raw("stateless", { revision: "draft" }));
    try {
      assert.equal(session.protocolVersion, LATEST_REVISION);
      const list = await session.request("tools/list");
      assert.equal(list.failure, undefined);
      assert.ok(list.response?.result);
    } finally {
      await session.close();
    }
  });

  await t.step("pinned to an initialize-era revision against a stateless-only server", async () => {
    const error = await connectError(raw("stateless", { revision: "2025-06-18" }));
    assert.equal(error.layer, "initialize");
    assert.match(error.message, /^mcp initialize rejected: initialize returned error -32602/);
  });
});

Deno.test("connect() negotiates initialize-era revisions", async (t) => {
  const oldest = REVISIONS[0]?.id ?? "";

  await t.step("unpinned: accepts the older table revision the server answers", async () => {
    const session = await connect(raw("old"));
    try {
      assert.equal(session.protocolVersion, oldest);
    } finally {
      await session.close();
    }
  });

  await t.step("pinned: a different answer is rejected", async () => {
    const error = await connectError(raw("old", { revision: "2025-06-18" }));
    assert.equal(error.layer, "initialize");
    assert.equal(
      error.message,
      `mcp initialize rejected: server answered protocolVersion "${oldest}", pinned "2025-06-18"`,
    );
  });

  await t.step("pinned to the stateless revision against an initialize-era server", async () => {
    const error = await connectError(raw("old", { revision: LATEST_REVISION }));
    assert.equal(error.layer, "initialize");
    assert.match(error.message, /server\/discover returned error -32601/);
  });

  await t.step("a result without serverInfo is rejected", async () => {
    const error = await connectError(raw("badinit"));
    assert.equal(error.layer, "initialize");
    assert.equal(error.message, "mcp initialize rejected: result is missing serverInfo");
  });

  await t.step("an unknown pinned revision is a config error", async () => {
    const error = await connect(raw("old", { revision: "1999-01-01" })).then(
      () => undefined,
      (e) => e,
    );
    assert.ok(error instanceof ConfigError);
    assert.match(error.message, /unknown protocol revision "1999-01-01"/);
  });
});
