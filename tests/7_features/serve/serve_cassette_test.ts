/** @module serveCassette() over HTTP: it answers the recording and stops when its signal aborts; bad input is a usage error. */

import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { serveCassette } from "../../../src/7_features/serve/serve_cassette.ts";
import { UsageError } from "../../../src/0_base/errors/errors.ts";

const CASSETTE = fileURLToPath(
  new URL("../../../examples/cassettes/cassettes__items.json", import.meta.url),
);

Deno.test("serveCassette() serves HTTP until its signal aborts", async () => {
  const stop = new AbortController();
  const listening = Promise.withResolvers<string>();
  const serving = serveCassette(CASSETTE, {
    http: "127.0.0.1:0",
    signal: stop.signal,
    onListening: (url) => listening.resolve(url),
  });
  const url = await listening.promise;
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "nope/not-recorded" }),
  });
  assert.match(await response.text(), /"error"/);
  stop.abort();
  await serving;
});

Deno.test("serveCassette() refuses a missing path and a bad --http value", async () => {
  await assert.rejects(
    () => serveCassette("/nonexistent/cassette.json"),
    (e: unknown) =>
      e instanceof UsageError && e.message === "/nonexistent/cassette.json: no such file or folder",
  );
  await assert.rejects(
    () => serveCassette(CASSETTE, { http: "nope" }),
    /^UsageError: invalid --http "nope", expected \[HOST:\]PORT/,
  );
});
