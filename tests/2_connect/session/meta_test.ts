/** @module Tests of per-revision request decoration: stateless `_meta` and HTTP headers. */

import assert from "node:assert/strict";
import {
  findRevision,
  LATEST_REVISION,
  type RevisionInfo,
} from "../../../src/0_base/protocol/revisions.ts";
import {
  encodeHeaderValue,
  META_PROTOCOL_VERSION,
  revisionHeaders,
  withStatelessMeta,
} from "../../../src/2_connect/session/meta.ts";

const revision = (id: string) => findRevision(id) as RevisionInfo;

Deno.test("revisionHeaders() follows the revisions table", async (t) => {
  await t.step("none before the handshake or for revisions without the header", () => {
    assert.deepEqual(revisionHeaders(undefined, "tools/list"), {});
    assert.deepEqual(revisionHeaders(revision("2025-03-26"), "tools/list"), {});
  });

  await t.step("MCP-Protocol-Version from 2025-06-18 on", () => {
    assert.deepEqual(revisionHeaders(revision("2025-06-18"), "tools/list"), {
      "MCP-Protocol-Version": "2025-06-18",
    });
  });

  await t.step(
    "Mcp-Method on every request and Mcp-Name on named calls in the stateless era",
    () => {
      const latest = revision(LATEST_REVISION);
      assert.deepEqual(revisionHeaders(latest, "tools/call", { name: "echo" }), {
        "MCP-Protocol-Version": LATEST_REVISION,
        "Mcp-Method": "tools/call",
        "Mcp-Name": "echo",
      });
      assert.equal(
        revisionHeaders(latest, "resources/read", { uri: "file:///x" })["Mcp-Name"],
        "file:///x",
      );
      assert.equal(revisionHeaders(latest, "prompts/get", { name: "p" })["Mcp-Name"], "p");
      assert.equal(
        revisionHeaders(latest, "tools/list", { name: "ignored" })["Mcp-Name"],
        undefined,
      );
      assert.deepEqual(revisionHeaders(latest), { "MCP-Protocol-Version": LATEST_REVISION });
    },
  );

  await t.step("MCP-Protocol-Version mirrors the message's own _meta version", () => {
    const meta = { _meta: { "io.modelcontextprotocol/protocolVersion": "1999-01-01" } };
    assert.equal(
      revisionHeaders(revision(LATEST_REVISION), "server/discover", meta)["MCP-Protocol-Version"],
      "1999-01-01",
    );
    assert.equal(
      revisionHeaders(revision(LATEST_REVISION), "server/discover", { _meta: {} })[
        "MCP-Protocol-Version"
      ],
      LATEST_REVISION,
    );
  });
});

Deno.test("encodeHeaderValue() wraps values a header cannot carry as is", () => {
  assert.equal(encodeHeaderValue("us-west1"), "us-west1");
  assert.equal(encodeHeaderValue("two words"), "two words");
  assert.equal(encodeHeaderValue("Hello, 世界"), "=?base64?SGVsbG8sIOS4lueVjA==?=");
  assert.equal(encodeHeaderValue(" padded "), "=?base64?IHBhZGRlZCA=?=");
  assert.equal(encodeHeaderValue("line1\nline2"), "=?base64?bGluZTEKbGluZTI=?=");
  assert.equal(encodeHeaderValue("=?base64?x?="), "=?base64?PT9iYXNlNjQ/eD89?=");
});

Deno.test("withStatelessMeta() adds the 2026 _meta fields and lets the caller's win", () => {
  const latest = revision(LATEST_REVISION);
  const client = { name: "mcptest", version: "1" };
  const params = withStatelessMeta(
    { name: "x", _meta: { [META_PROTOCOL_VERSION]: "bogus" } },
    latest,
    client,
  );
  assert.equal(params.name, "x");
  assert.deepEqual(params._meta, {
    [META_PROTOCOL_VERSION]: "bogus",
    "io.modelcontextprotocol/clientCapabilities": {},
    "io.modelcontextprotocol/clientInfo": client,
  });
  const plain = withStatelessMeta(undefined, latest, client);
  assert.equal((plain._meta as Record<string, unknown>)[META_PROTOCOL_VERSION], LATEST_REVISION);
});
