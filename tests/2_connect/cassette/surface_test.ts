/** @module The surface a recording completes before it closes: what counts as listed whole, and what is listed (marked, every page, advertised capabilities only, a failure ends it). */

import assert from "node:assert/strict";
import {
  listedWhole,
  recordSurface,
  SURFACE_META_KEY,
} from "../../../src/2_connect/cassette/surface.ts";
import type { WireEvent } from "../../../src/2_connect/cassette/recording_transport.ts";
import { fakeSession, testServer } from "../../_helpers/fake_session.ts";

/** A request sent and its answer, as a wire log. */
function exchange(id: number, method: string, params: unknown, result?: unknown): WireEvent[] {
  const sent: WireEvent = { dir: "sent", message: { jsonrpc: "2.0", id, method, params } };
  if (result === undefined) return [sent];
  const response = { jsonrpc: "2.0", id, result };
  return [sent, { dir: "received", message: response, raw: JSON.stringify(response) }];
}

Deno.test("listedWhole: one page without nextCursor is whole", () => {
  assert.equal(listedWhole(exchange(1, "tools/list", {}, { tools: [] }), "tools/list"), true);
  assert.equal(listedWhole(exchange(1, "tools/list", {}, { tools: [] }), "prompts/list"), false);
});

Deno.test("listedWhole: a first page whose nextCursor was never followed is not whole", () => {
  const events = exchange(1, "tools/list", {}, { tools: [], nextCursor: "p2" });
  assert.equal(listedWhole(events, "tools/list"), false);
  const followed = [...events, ...exchange(2, "tools/list", { cursor: "p2" }, { tools: [] })];
  assert.equal(listedWhole(followed, "tools/list"), true);
});

Deno.test("listedWhole: unanswered, error-answered, looping and cursor-only listings are not whole", () => {
  assert.equal(listedWhole(exchange(1, "tools/list", {}), "tools/list"), false);
  const error = { jsonrpc: "2.0", id: 1, error: { code: -32601, message: "no" } };
  const errored: WireEvent[] = [
    { dir: "sent", message: { jsonrpc: "2.0", id: 1, method: "tools/list" } },
    { dir: "received", message: error, raw: JSON.stringify(error) },
  ];
  assert.equal(listedWhole(errored, "tools/list"), false);
  const loop = [
    ...exchange(1, "tools/list", {}, { tools: [], nextCursor: "a" }),
    ...exchange(2, "tools/list", { cursor: "a" }, { tools: [], nextCursor: "a" }),
  ];
  assert.equal(listedWhole(loop, "tools/list"), false);
  const cursorOnly = exchange(1, "tools/list", { cursor: "a" }, { tools: [] });
  assert.equal(listedWhole(cursorOnly, "tools/list"), false);
});

Deno.test("recordSurface lists every advertised list method, every page, marked with _meta", async () => {
  const session = fakeSession(testServer(), (method, params) => {
    if (method === "tools/list" && params["cursor"] === undefined) {
      return { result: { tools: [{ name: "a" }], nextCursor: "2" } };
    }
    if (method === "tools/list") return { result: { tools: [{ name: "b" }] } };
    return { result: { prompts: [] } };
  });
  Object.assign(session, { serverCapabilities: { tools: {}, prompts: {} } });
  const listed = await recordSurface(session, []);
  assert.deepEqual(listed, ["tools/list", "prompts/list"]);
  assert.deepEqual(session.requests.map((r) => [r.method, r.params["cursor"] ?? null]), [
    ["tools/list", null],
    ["tools/list", "2"],
    ["prompts/list", null],
  ]);
  for (const r of session.requests) {
    assert.deepEqual(r.params["_meta"], { [SURFACE_META_KEY]: true });
  }
});

Deno.test("recordSurface skips what the suite listed whole and what is not advertised", async () => {
  const session = fakeSession(testServer(), () => ({ result: { resources: [] } }));
  Object.assign(session, { serverCapabilities: { tools: {}, resources: {} } });
  const events = exchange(7, "tools/list", {}, { tools: [] });
  const listed = await recordSurface(session, events);
  assert.deepEqual(listed, ["resources/list", "resources/templates/list"]);
  assert.ok(
    !session.requests.some((r) => r.method === "tools/list" || r.method === "prompts/list"),
  );
});

Deno.test("recordSurface never throws: a failed list ends the listing, no handshake lists nothing", async () => {
  const session = fakeSession(testServer(), () => ({
    failure: { kind: "timeout", message: "timed out" },
  }));
  Object.assign(session, { serverCapabilities: { tools: {}, prompts: {} } });
  assert.deepEqual(await recordSurface(session, []), []);
  assert.deepEqual(session.requests.map((r) => r.method), ["tools/list"]);
  const none = fakeSession(testServer(), () => ({ result: {} }));
  Object.assign(none, { serverCapabilities: null });
  assert.deepEqual(await recordSurface(none, []), []);
  assert.equal(none.requests.length, 0);
});
