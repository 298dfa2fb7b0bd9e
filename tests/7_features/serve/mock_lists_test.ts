/** @module `serve` answers list methods from a recorded surface: with or without params, through pages; nothing recorded, nothing answered. */

import assert from "node:assert/strict";
import { MockResponder, NOT_RECORDED_METHOD } from "../../../src/7_features/serve/mock.ts";
import type { Cassette } from "../../../src/2_connect/cassette/format.ts";

const SURFACE = { _meta: { "mcptest/surface": true } };

function cassette(exchanges: Cassette["exchanges"]): Cassette {
  return {
    format: "mcptest-cassette",
    version: 1,
    server: "s",
    server_label: "stdio://s",
    transport: "stdio",
    protocol_version: "2025-11-25",
    server_capabilities: { tools: {} },
    server_info: null,
    recorded_with: "mcptest test",
    normalize: [],
    exchanges,
  };
}

const page = (id: number, params: unknown, result: unknown) => ({
  request: { jsonrpc: "2.0", id, method: "tools/list", params },
  response: { jsonrpc: "2.0", id, result },
});

const recorded = cassette([
  page(1, SURFACE, { tools: [{ name: "a" }], nextCursor: "p2" }),
  page(2, { cursor: "p2", ...SURFACE }, { tools: [{ name: "b" }] }),
]);

type Reply = { id: unknown; result?: Record<string, unknown>; error?: { code: number } };
const ask = (mock: MockResponder, message: Record<string, unknown>) =>
  mock.answer({ jsonrpc: "2.0", ...message }) as Reply[];

Deno.test("serve answers tools/list from the recorded surface, with or without params", () => {
  for (const params of [undefined, {}, { _meta: { progressToken: 1 } }, null]) {
    const mock = new MockResponder(recorded, "c.json");
    const message = params === undefined ? { id: 9, method: "tools/list" } : {
      id: 9,
      method: "tools/list",
      params,
    };
    const [reply] = ask(mock, message);
    assert.equal(reply?.id, 9);
    assert.deepEqual(reply?.result?.["tools"], [{ name: "a" }], JSON.stringify(params));
  }
});

Deno.test("serve follows the recorded pages of a list", () => {
  const mock = new MockResponder(recorded, "c.json");
  const [first] = ask(mock, { id: 1, method: "tools/list" });
  const [second] = ask(mock, {
    id: 2,
    method: "tools/list",
    params: { cursor: first?.result?.["nextCursor"] },
  });
  assert.deepEqual(second?.result, { tools: [{ name: "b" }] });
});

Deno.test("serve still refuses what was not recorded: another list method, an unknown cursor", () => {
  const mock = new MockResponder(recorded, "c.json");
  const [prompts] = ask(mock, { id: 3, method: "prompts/list" });
  assert.equal(prompts?.error?.code, NOT_RECORDED_METHOD);
  const [cursor] = ask(mock, { id: 4, method: "tools/list", params: { cursor: "nope" } });
  assert.ok(cursor?.error !== undefined);
  const bare = new MockResponder(cassette([]), "c.json");
  const [none] = ask(bare, { id: 5, method: "tools/list" });
  assert.equal(none?.error?.code, NOT_RECORDED_METHOD);
});
