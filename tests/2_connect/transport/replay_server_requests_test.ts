/** @module The replay transport holds a recorded response back until the client has replied to the server requests recorded before it, as the recorded server did. */

import assert from "node:assert/strict";
import { type ReplaySource, ReplayTransport } from "../../../src/2_connect/transport/replay.ts";
import type { Frame } from "../../../src/2_connect/transport/types.ts";

const SAMPLE = { jsonrpc: "2.0", id: "s1", method: "sampling/createMessage", params: {} };

function source(): ReplaySource {
  return {
    answer(message) {
      const m = message as { id?: unknown; method?: unknown };
      if (m.method !== "tools/call") return undefined;
      return { messages: [SAMPLE, { jsonrpc: "2.0", id: m.id, result: { content: [] } }] };
    },
  };
}

/** Let every queued microtask and the tasks they queue run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

Deno.test("ReplayTransport delivers the response only after the client replied to the server request", async () => {
  const transport = new ReplayTransport("replay://t", source());
  const frames: Frame[] = [];
  transport.onFrame = (frame) => frames.push(frame);
  await transport.send({ jsonrpc: "2.0", id: 7, method: "tools/call", params: {} });
  await settle();
  assert.deepEqual(frames.map((f) => (f.message as { id?: unknown }).id), ["s1"]);
  // A reply to another id does not release it.
  await transport.send({ jsonrpc: "2.0", id: "other", result: {} });
  await settle();
  assert.equal(frames.length, 1);
  await transport.send({ jsonrpc: "2.0", id: "s1", result: { role: "assistant" } });
  await settle();
  assert.deepEqual(frames.map((f) => (f.message as { id?: unknown }).id), ["s1", 7]);
  await transport.close();
});

Deno.test("ReplayTransport close() releases a delivery waiting for a reply", async () => {
  const transport = new ReplayTransport("replay://t", source());
  const frames: Frame[] = [];
  transport.onFrame = (frame) => frames.push(frame);
  await transport.send({ jsonrpc: "2.0", id: 1, method: "tools/call", params: {} });
  await settle();
  await transport.close();
  await settle();
  // Closed: the held response is dropped, nothing is left waiting.
  assert.equal(frames.length, 1);
});
