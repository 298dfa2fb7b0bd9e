/** @module A secret as an object key of a cassette (an HTTP header name, a result key, an argument name) is redacted like a value (#23), and replay still matches a live request carrying it. */

import assert from "node:assert/strict";
import { redactCassette } from "../../../src/2_connect/cassette/store.ts";
import { ReplayIndex } from "../../../src/2_connect/cassette/replay_index.ts";
import type { Cassette } from "../../../src/2_connect/cassette/format.ts";

const SECRET = "k3y-Secret-0425-abcdef";

const recorded = () => ({
  format: "mcptest-cassette",
  version: 1,
  transport: "http",
  normalize: [],
  exchanges: [{
    request: {
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: { name: "lookup", arguments: { [SECRET]: "v" } },
    },
    response: { jsonrpc: "2.0", id: 1, result: { [SECRET]: 1, content: [] } },
    http: { status: 200, headers: { [`x-${SECRET}`]: "1", "content-type": "application/json" } },
  }],
});

Deno.test("redactCassette() redacts secrets in keys (header names, result keys, arguments), vocabulary kept", () => {
  const text = JSON.stringify(redactCassette(recorded() as never, [SECRET]));
  assert.ok(!text.includes(SECRET), text);
  assert.ok(!text.includes("k3y-Secret"), text);
  const cassette = JSON.parse(text);
  const exchange = cassette.exchanges[0];
  assert.deepEqual(Object.keys(exchange.response.result).sort(), ["[REDACTED]", "content"]);
  assert.ok("content-type" in exchange.http.headers);
  assert.ok(Object.keys(exchange.http.headers).some((k) => k.includes("[REDACTED]")));
  assert.equal(cassette.format, "mcptest-cassette");
});

Deno.test("replay matches a live request whose argument name is a secret against its redacted recording", () => {
  const cassette = redactCassette(recorded() as never, [SECRET]) as unknown as Cassette;
  const index = new ReplayIndex(cassette, "c.json", [], [SECRET]);
  const found = index.lookup("tools/call", { name: "lookup", arguments: { [SECRET]: "v" } });
  assert.ok(!("field" in found), "a hit, not a stale miss");
  const other = index.lookup("tools/call", { name: "lookup", arguments: { other: "v" } });
  assert.ok("field" in other, "a different argument is still a miss");
});
