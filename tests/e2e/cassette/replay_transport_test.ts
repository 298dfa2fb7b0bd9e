/** @module The replay transport passes the transport contract over a cassette recorded through the recording transport (which passes it too), and fails unknown requests as stale. */

import assert from "node:assert/strict";
import { buildCassette } from "../../../src/2_connect/cassette/build.ts";
import type { Cassette } from "../../../src/2_connect/cassette/format.ts";
import { RecordingTransport } from "../../../src/2_connect/cassette/recording_transport.ts";
import { ReplayIndex } from "../../../src/2_connect/cassette/replay_index.ts";
import { LATEST_INITIALIZE_REVISION } from "../../../src/0_base/protocol/revisions.ts";
import { ReplayTransport } from "../../../src/2_connect/transport/replay.ts";
import { StdioTransport } from "../../../src/2_connect/transport/stdio.ts";
import type { TransportEvent } from "../../../src/2_connect/transport/types.ts";
import { denoFixture } from "../../fixtures/transport/helpers.ts";
import { Collector, transportContract } from "../transport/transport_contract.ts";

const command = denoFixture("stdio_server.ts");

/** A request every recording of the contract holds: its handshake's initialize. */
const RECORDED = {
  jsonrpc: "2.0" as const,
  method: "initialize",
  params: {
    protocolVersion: LATEST_INITIALIZE_REVISION,
    capabilities: {},
    clientInfo: { name: "contract", version: "0" },
  },
};
const label = `stdio://${command.join(" ")}`;

function cassetteOf(recorders: readonly RecordingTransport[]): Cassette {
  const parts = recorders.map((r) =>
    buildCassette(r.events, {
      server: "fixture",
      label,
      transport: "stdio",
      protocolVersion: "2025-11-25",
      capabilities: { tools: {} },
      serverInfo: null,
      recordedWith: "mcptest test",
      normalize: [],
      secrets: [],
    })
  );
  return { ...parts[0]!, exchanges: parts.flatMap((p) => p.exchanges) };
}

Deno.test("RecordingTransport and ReplayTransport pass the transport contract", async (t) => {
  const recorders: RecordingTransport[] = [];
  await t.step("recording (live stdio underneath)", async (t) => {
    await transportContract(t, {
      make: () => {
        const recorder = new RecordingTransport(
          new StdioTransport({ kind: "stdio", command, env: {} }, { killTimeoutMs: 2000 }),
        );
        recorders.push(recorder);
        return recorder;
      },
      label,
      http: false,
      serverMessages: true,
    });
  });
  const cassette = cassetteOf(recorders);
  assert.ok(cassette.exchanges.some((e) => (e.notifications ?? []).length === 2));
  assert.ok(cassette.exchanges.some((e) => (e.server_requests ?? []).length === 1));
  await t.step("replay (no process)", async (t) => {
    await transportContract(t, {
      make: () => new ReplayTransport(cassette.server_label, new ReplayIndex(cassette, "c.json")),
      label: cassette.server_label,
      http: false,
      serverMessages: true,
    });
  });

  await t.step("a request the cassette does not hold fails that request as stale", async () => {
    const transport = new ReplayTransport(label, new ReplayIndex(cassette, "c.json"));
    const collector = new Collector(transport);
    const events: TransportEvent[] = [];
    transport.onEvent = (e) => void events.push(e);
    await transport.start();
    await transport.send({
      jsonrpc: "2.0",
      id: 7,
      method: "tools/call",
      params: { name: "echo", arguments: { text: "never recorded" } },
    });
    // A recorded request sent after it: the replay answers in order, so once its answer is in,
    // anything made up for request 7 would have arrived before it.
    await transport.send({ ...RECORDED, id: 70 });
    await collector.response(70);
    assert.equal(collector.frames.length, 1, "no frame for request 7: nothing was made up");
    assert.equal(events.length, 1);
    assert.equal(events[0]!.requestId, 7);
    assert.match(
      events[0]!.message,
      /^cassette stale on field params\.arguments\.text: tools\/call .* is not in c\.json; nearest recorded request: tools\/call .*re-record with: mcptest run --record$/,
    );
    await transport.send({ jsonrpc: "2.0", id: 8, method: "nope/never" });
    await transport.send({ ...RECORDED, id: 80 });
    await collector.response(80);
    assert.equal(events.length, 2);
    assert.match(
      events[1]!.message,
      /^cassette stale on field method: nope\/never .*no nope\/never request was recorded/,
    );
    await transport.close();
  });
});

Deno.test("ReplayIndex answers repeated requests in recorded order, then the last again", () => {
  const ex = (text: string, n: number) => ({
    request: { jsonrpc: "2.0", id: n, method: "tools/call", params: { name: "c", arguments: {} } },
    response: { jsonrpc: "2.0", id: n, result: { content: [{ type: "text", text }] } },
  });
  const cassette = {
    format: "mcptest-cassette",
    version: 1,
    server: "s",
    server_label: "x",
    transport: "stdio",
    protocol_version: "2025-11-25",
    server_capabilities: null,
    server_info: null,
    recorded_with: "t",
    normalize: [],
    exchanges: [ex("one", 1), ex("two", 2)],
  } as const satisfies Cassette;
  const index = new ReplayIndex(cassette, "c.json");
  const texts = [1, 2, 3].map(() => {
    const found = index.lookup("tools/call", { name: "c", arguments: {}, _meta: { x: 1 } });
    assert.ok(!("field" in found));
    return JSON.stringify(found.response);
  });
  assert.match(texts[0]!, /one/);
  assert.match(texts[1]!, /two/);
  assert.match(texts[2]!, /two/);
});
