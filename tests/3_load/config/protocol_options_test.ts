/** @module readProtocolParts(): each protocol option a test may set is read; a test with none shares one empty answer. */

import assert from "node:assert/strict";
import { readProtocolParts } from "../../../src/3_load/config/protocol_options.ts";

const positionOf = () => ({ file: "s.yml", line: 1, col: 1 });
const read = (item: Record<string, unknown>) => readProtocolParts(item, ["tools", 0], positionOf);

Deno.test("readProtocolParts() reads every protocol option, each one alone", () => {
  assert.deepEqual(read({ progress: true }), { protocol: { progress: true } });
  assert.deepEqual(read({ log_level: "debug" }), { protocol: { logLevel: "debug" } });
  assert.deepEqual(read({ task: true }), { protocol: { task: {} } });
  assert.deepEqual(read({ task: { ttl_ms: 5, cancel: true } }), {
    protocol: { task: { ttlMs: 5, cancel: true } },
  });
  assert.deepEqual(read({ all_pages: true }), { protocol: { allPages: true } });
  assert.deepEqual(read({ cursor: "c1" }), { protocol: { cursor: "c1" } });
  assert.deepEqual(read({ cancel: { on: "notifications/message" } }), {
    protocol: { cancelOn: "notifications/message" },
  });
  assert.ok(read({ client: { roots: [] } }).client !== undefined);
  assert.throws(() => read({ all_pages: true, cursor: "c" }), /cannot be combined/);
});

Deno.test("readProtocolParts() gives tests without options one shared empty answer", () => {
  const plain = { name: "t", tool: "echo", args: { text: "hi" }, expect: [] };
  assert.deepEqual(read(plain), {});
  assert.equal(read(plain), read({ name: "u" }));
  assert.ok(Object.isFrozen(read(plain)));
});
