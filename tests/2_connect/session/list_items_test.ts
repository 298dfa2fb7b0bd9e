import assert from "node:assert/strict";
import { listItems, MAX_LIST_PAGES } from "../../../src/2_connect/session/list_items.ts";
import type { Exchange } from "../../../src/2_connect/session/types.ts";
import { McptestError } from "../../../src/0_base/errors/errors.ts";

const answer = (result: unknown): Exchange =>
  ({
    request: {},
    response: { jsonrpc: "2.0", id: 1, result },
    durationMs: 0,
  }) as unknown as Exchange;

Deno.test("listItems() follows nextCursor to the last page and keeps object items only", async () => {
  const sent: unknown[] = [];
  const pages: Record<string, unknown> = {
    "": { tools: [{ name: "a" }, "junk", null], nextCursor: "p2" },
    p2: { tools: [{ name: "b" }] },
  };
  const items = await listItems(
    (params) => {
      sent.push(params);
      return Promise.resolve(answer(pages[String(params.cursor ?? "")]));
    },
    "tools/list",
    "tools",
  );
  assert.deepEqual(items, [{ name: "a" }, { name: "b" }]);
  assert.deepEqual(sent, [{}, { cursor: "p2" }]);
});

Deno.test("listItems() stops at a cursor it has seen and at the page bound", async () => {
  let calls = 0;
  const loop = await listItems(
    () => {
      calls++;
      return Promise.resolve(answer({ tools: [{ n: calls }], nextCursor: "same" }));
    },
    "tools/list",
    "tools",
  );
  assert.equal(calls, 2, "the second page repeats the cursor: stop");
  assert.equal(loop.length, 2);
  calls = 0;
  const endless = await listItems(
    () => {
      calls++;
      return Promise.resolve(answer({ tools: [], nextCursor: `c${calls}` }));
    },
    "tools/list",
    "tools",
  );
  assert.deepEqual(endless, []);
  assert.equal(calls, MAX_LIST_PAGES);
});

Deno.test("listItems() fails on an error unless optional, with the caller's error type", async () => {
  const error = (): Promise<Exchange> =>
    Promise.resolve(
      {
        request: {},
        response: { jsonrpc: "2.0", id: 1, error: { code: -32601, message: "nope" } },
        durationMs: 0,
      } as unknown as Exchange,
    );
  await assert.rejects(
    listItems(error, "prompts/list", "prompts"),
    (e: unknown) => e instanceof McptestError && /prompts\/list failed: nope/.test(e.message),
  );
  assert.deepEqual(
    await listItems(error, "resources/templates/list", "resourceTemplates", { optional: true }),
    [],
  );
  class Custom extends Error {}
  await assert.rejects(listItems(error, "x", "y", { fail: (m) => new Custom(m) }), Custom);
});
