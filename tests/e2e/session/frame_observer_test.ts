/** @module connect({ onFrame }): the observer sees every frame sent and received, raw, and cannot break the session. */

import assert from "node:assert/strict";
import { connect } from "../../../src/2_connect/session/connect.ts";
import { stdioServer } from "../../fixtures/transport/helpers.ts";
import { itemsServerArgv } from "../../_helpers/cli.ts";

type Seen = { direction: "sent" | "received"; server: string; text: string };

Deno.test("connect() with onFrame hands the observer every frame, both ways", async (t) => {
  const seen: Seen[] = [];
  const session = await connect(stdioServer(itemsServerArgv(), { name: "items" }), {
    onFrame: (direction, server, text) => seen.push({ direction, server, text }),
  });
  try {
    const handshake = seen.length;
    const exchange = await session.request("tools/list");
    assert.equal(exchange.failure, undefined);
    await t.step("the handshake's frames, then one request and its response", () => {
      assert.ok(handshake >= 2, JSON.stringify(seen));
      const [sent, received] = seen.slice(handshake);
      assert.equal(seen.length, handshake + 2);
      assert.equal(sent?.direction, "sent");
      assert.equal(JSON.parse(sent!.text).method, "tools/list");
      assert.equal(received?.direction, "received");
      assert.equal(JSON.parse(received!.text).id, JSON.parse(sent!.text).id);
      assert.ok(Array.isArray(JSON.parse(received!.text).result.tools));
    });
    await t.step("every frame names the server", () => {
      assert.deepEqual(new Set(seen.map((s) => s.server)), new Set(["items"]));
    });
    await t.step("a raw frame is observed as sent, byte for byte", async () => {
      const raw = `{"jsonrpc":"2.0","id":"raw-1","method":"ping"}`;
      await session.sendRaw(raw, { expectId: "raw-1" });
      assert.ok(seen.some((s) => s.direction === "sent" && s.text === raw));
    });
  } finally {
    await session.close();
  }
});

Deno.test("connect() with an onFrame that throws still completes every request", async () => {
  let calls = 0;
  const session = await connect(stdioServer(itemsServerArgv()), {
    onFrame: () => {
      calls++;
      throw new Error("observer failure");
    },
  });
  try {
    const exchange = await session.request("tools/list");
    assert.equal(exchange.failure, undefined);
    assert.ok(calls >= 4);
  } finally {
    await session.close();
  }
});
