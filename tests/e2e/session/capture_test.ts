/** @module Tests of captures: nothing kept unless asked, one distinct label per connection, and the hazard check never pairs a server with itself. */

import assert from "node:assert/strict";
import { findHazards } from "../../../src/5_execute/compliance/invariants/hazards.ts";
import type { CapturedSession } from "../../../src/5_execute/compliance/invariants/types.ts";
import { connect } from "../../../src/2_connect/session/connect.ts";
import {
  captureFileValue,
  distinctLabels,
} from "../../../src/2_connect/session/capturing_connect.ts";
import type { CaptureSession } from "../../../src/2_connect/session/types.ts";
import { denoFixture, stdioServer } from "../../fixtures/transport/helpers.ts";

Deno.test("session.capture() keeps traffic only when capture is enabled", async (t) => {
  const server = stdioServer(denoFixture("stdio_server.ts"));
  await t.step("capture: false keeps no exchanges and no server messages", async () => {
    const session = await connect(server, { capture: false });
    try {
      const list = await session.request("tools/list");
      assert.equal(list.failure, undefined);
      const capture = session.capture();
      assert.deepEqual(capture.exchanges, []);
      assert.equal(capture.server_messages, undefined);
      assert.equal(
        capture.server_label,
        `stdio://${server.target.kind === "stdio" ? server.target.command.join(" ") : ""}`,
      );
    } finally {
      await session.close();
    }
  });
  await t.step("capture on (the default) keeps the handshake and the calls", async () => {
    const session = await connect(server);
    try {
      await session.request("tools/list");
      const methods = session.capture().exchanges.map((e) =>
        (e.request as { method: string }).method
      );
      assert.ok(methods.includes("initialize"));
      assert.equal(methods.at(-1), "tools/list");
    } finally {
      await session.close();
    }
  });
});

const tools = (label: string, id: number, names: string[]): CaptureSession => ({
  server_label: label,
  server_capabilities: { tools: {} },
  exchanges: [{
    request: { jsonrpc: "2.0", id, method: "tools/list" },
    response: { jsonrpc: "2.0", id, result: { tools: names.map((name) => ({ name })) } },
  }],
});

Deno.test("captureFileValue() gives each connection a distinct label", () => {
  const value = captureFileValue([
    tools("stdio://srv", 1, ["echo"]),
    tools("http://127.0.0.1:1/mcp", 2, ["echo"]),
    tools("stdio://srv", 3, ["echo"]),
    tools("stdio://srv", 4, ["echo"]),
  ]) as CaptureSession[];
  assert.deepEqual(value.map((c) => c.server_label), [
    "stdio://srv",
    "http://127.0.0.1:1/mcp",
    "stdio://srv#2",
    "stdio://srv#3",
  ]);
  assert.equal(
    (captureFileValue([tools("stdio://srv", 1, [])]) as CaptureSession).server_label,
    "stdio://srv",
  );
  assert.deepEqual(distinctLabels([]), []);
});

Deno.test("findHazards() never reports a server overlapping with itself", async (t) => {
  const asCaptured = (sessions: CaptureSession[]) => sessions as unknown as CapturedSession[];
  await t.step("two connections to one server: no hazard", () => {
    const sessions = distinctLabels([
      tools("stdio://srv", 1, ["echo"]),
      tools("stdio://srv", 2, ["echo"]),
    ]);
    assert.deepEqual(findHazards(asCaptured(sessions)), []);
  });
  await t.step("the same label twice (an older capture): no hazard either", () => {
    const sessions = [tools("stdio://srv", 1, ["echo"]), tools("stdio://srv", 1, ["echo"])];
    assert.deepEqual(findHazards(asCaptured(sessions)), []);
  });
  await t.step("two different servers still overlap, each named once", () => {
    const sessions = distinctLabels([
      tools("stdio://a", 1, ["echo"]),
      tools("stdio://a", 2, ["echo"]),
      tools("stdio://b", 3, ["echo"]),
    ]);
    const hazards = findHazards(asCaptured(sessions));
    assert.equal(hazards.length, 1);
    assert.equal(hazards[0]?.kind, "tool-name-overlap");
    assert.deepEqual(hazards[0]?.servers, ["stdio://a", "stdio://b"]);
  });
});
