/** @module Messages a server sends with nothing in flight trail the client's last message in the cassette (`after`), and replay delivers them there: after the response, or after a client notification. */

import assert from "node:assert/strict";
import { buildCassette } from "../../../src/2_connect/cassette/build.ts";
import { asCassette } from "../../../src/2_connect/cassette/format.ts";
import { ReplayIndex } from "../../../src/2_connect/cassette/replay_index.ts";
import type { WireEvent } from "../../../src/2_connect/cassette/recording_transport.ts";
import { ReplayTransport } from "../../../src/2_connect/transport/replay.ts";

const received = (message: unknown): WireEvent => ({
  dir: "received",
  message,
  raw: JSON.stringify(message),
});
const updated = { jsonrpc: "2.0", method: "notifications/resources/updated", params: { uri: "a" } };
const rootsList = { jsonrpc: "2.0", id: 0, method: "roots/list" };

const EVENTS: WireEvent[] = [
  { dir: "sent", message: { jsonrpc: "2.0", id: 11, method: "tools/call", params: { name: "t" } } },
  received({ jsonrpc: "2.0", id: 11, result: { content: [] } }),
  received(updated),
  { dir: "sent", message: { jsonrpc: "2.0", method: "notifications/roots/list_changed" } },
  received(rootsList),
  { dir: "sent", message: { jsonrpc: "2.0", id: 0, result: { roots: [] } } },
];

function cassette() {
  return buildCassette(EVENTS, {
    server: "s",
    label: "s",
    transport: "stdio",
    protocolVersion: "2025-11-25",
    capabilities: {},
    serverInfo: null,
    recordedWith: "mcptest test",
    normalize: [],
    secrets: [],
  });
}

Deno.test("a message with nothing in flight trails the last client message, with the client's reply", () => {
  const built = cassette();
  assert.equal(built.server_messages, undefined);
  assert.deepEqual(built.exchanges[0]!.after, [{ message: updated }]);
  assert.deepEqual(built.exchanges[1]!.after, [{
    message: rootsList,
    reply: { jsonrpc: "2.0", id: 0, result: { roots: [] } },
  }]);
  // The format check accepts it, and refuses a malformed one.
  asCassette(JSON.parse(JSON.stringify(built)));
  const bad = { ...built, exchanges: [{ ...built.exchanges[0]!, after: [{ nope: 1 }] }] };
  assert.throws(
    () => asCassette(bad),
    /exchanges\[0\]\.after\[0\] must be an object with a "message"/,
  );
});

Deno.test("replay delivers what trailed: after the response, and after a client notification", async () => {
  const index = new ReplayIndex(cassette(), "c.json");
  const answer = index.answer({
    jsonrpc: "2.0",
    id: 5,
    method: "tools/call",
    params: { name: "t" },
  });
  assert.ok(answer && "messages" in answer);
  assert.deepEqual(answer.messages, [{ jsonrpc: "2.0", id: 5, result: { content: [] } }, updated]);
  const notified = index.answer({ jsonrpc: "2.0", method: "notifications/roots/list_changed" });
  assert.ok(notified && "messages" in notified);
  assert.deepEqual(notified.messages, [rootsList]);
  // Once used up, a notification owes nothing.
  assert.equal(
    index.answer({ jsonrpc: "2.0", method: "notifications/roots/list_changed" }),
    undefined,
  );

  // The replay transport says when it owes nothing more: a server request waits for its reply.
  const transport = new ReplayTransport("c", new ReplayIndex(cassette(), "c.json"));
  const frames: unknown[] = [];
  transport.onFrame = (frame) => frames.push(frame.message);
  await transport.send({ jsonrpc: "2.0", method: "notifications/roots/list_changed" });
  let settled = false;
  const done = transport.settled().then(() => (settled = true));
  await new Promise((resolve) => setTimeout(resolve, 0));
  assert.deepEqual(frames, [rootsList]);
  assert.equal(settled, false, "the recorded server waits for the client's reply to roots/list");
  await transport.send({ jsonrpc: "2.0", id: 0, result: { roots: [] } });
  await done;
  assert.equal(settled, true);
  await transport.close();
});

Deno.test("a reply to a server request that differs from the recorded one fails the request as stale", async () => {
  const transport = new ReplayTransport("c", new ReplayIndex(cassette(), "c.json"));
  const events: { message: string }[] = [];
  transport.onEvent = (event) => void events.push(event as { message: string });
  await transport.send({ jsonrpc: "2.0", method: "notifications/roots/list_changed" });
  await new Promise((resolve) => setTimeout(resolve, 0));
  await transport.send({ jsonrpc: "2.0", id: 0, result: { roots: [{ uri: "file:///x" }] } });
  await transport.settled();
  assert.equal(events.length, 1);
  assert.match(
    events[0]!.message,
    /cassette stale: mcptest's reply to roots\/list differs from the recording \(recorded .*"roots":\[\].*, now .*file:\/\/\/x/,
  );
  // The same reply as recorded passes.
  const same = new ReplayTransport("c", new ReplayIndex(cassette(), "c.json"));
  const none: unknown[] = [];
  same.onEvent = (event) => void none.push(event);
  await same.send({ jsonrpc: "2.0", method: "notifications/roots/list_changed" });
  await new Promise((resolve) => setTimeout(resolve, 0));
  await same.send({ jsonrpc: "2.0", id: 0, result: { roots: [] } });
  await same.settled();
  assert.deepEqual(none, []);
  await transport.close();
  await same.close();
});
