/** @module Tests of the message cap over HTTP (JSON bodies, SSE events), of the shared capped reader, and of secrets hidden in the stderr tail. */

import assert from "node:assert/strict";
import { SseParser } from "../../../src/2_connect/transport/sse_parser.ts";
import { StdioTransport } from "../../../src/2_connect/transport/stdio.ts";
import { StreamableHttpTransport } from "../../../src/2_connect/transport/streamable_http.ts";
import { TransportError } from "../../../src/2_connect/transport/transport_error.ts";
import { readCapped } from "../../../src/0_base/util/read_capped.ts";
import { countWork } from "../../_helpers/work_count.ts";

function streamOf(...chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

Deno.test("readCapped() reads a stream whole, or refuses past the cap", async (t) => {
  await t.step("under the cap: every byte, in order", async () => {
    const bytes = await readCapped(streamOf("ab", "cd", "e"), 5, () => new Error("over"));
    assert.equal(new TextDecoder().decode(bytes), "abcde");
  });
  await t.step("over the cap: the caller's error", async () => {
    await assert.rejects(
      readCapped(streamOf("ab", "cd", "ef"), 5, (max) => new RangeError(`over ${max}`)),
      { name: "RangeError", message: "over 5" },
    );
  });
  await t.step("no body: empty", async () => {
    assert.equal((await readCapped(null, 5, () => new Error("over"))).length, 0);
  });
});

Deno.test("StreamableHttpTransport refuses a JSON body over max_message_bytes", async () => {
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen: () => {} },
    () => Response.json({ jsonrpc: "2.0", id: 1, result: { pad: "x".repeat(4096) } }),
  );
  const url = `http://127.0.0.1:${server.addr.port}/mcp`;
  const small = new StreamableHttpTransport({
    kind: "http",
    url,
    headers: {},
    transport: "streamable-http",
    maxMessageBytes: 1024,
  });
  const big = new StreamableHttpTransport({
    kind: "http",
    url,
    headers: {},
    transport: "streamable-http",
  });
  try {
    const error = await small.send({ jsonrpc: "2.0", id: 1, method: "tools/list" }).then(
      () => undefined,
      (e: unknown) => e,
    );
    assert.ok(error instanceof TransportError);
    assert.equal(error.layer, "framing");
    assert.equal(
      error.message,
      "server message (HTTP response body) is larger than the 1 KiB cap (1024 bytes); raise max_message_bytes on the server entry to accept it",
    );
    await big.send({ jsonrpc: "2.0", id: 1, method: "tools/list" });
  } finally {
    await small.close();
    await big.close();
    await server.shutdown();
  }
});

Deno.test("SseParser enforces the event cap and stays linear", async (t) => {
  await t.step("an event over the cap throws a framing error naming it", () => {
    const parser = new SseParser({ onEvent: () => {}, maxEventBytes: 100 });
    parser.push("data: " + "x".repeat(50) + "\n");
    assert.throws(() => parser.push("data: " + "y".repeat(60) + "\n"), (error: unknown) => {
      assert.ok(error instanceof TransportError);
      assert.equal(error.layer, "framing");
      assert.match(
        error.message,
        /\(SSE event\) is larger than the 100 bytes cap .*max_message_bytes/,
      );
      return true;
    });
  });
  await t.step("a 20 MB event in 64 KiB chunks parses in linear time", () => {
    const events: number[] = [];
    const parser = new SseParser({
      onEvent: (e) => events.push(e.data.length),
      maxEventBytes: 64 * 1024 * 1024,
    });
    const chunk = "x".repeat(64 * 1024);
    // Counted, not timed: each character is read once, sliced out of its chunk, joined into the
    // line and into the data (6 per character). Rescanning the buffered event at every chunk
    // would be ~160 per character here.
    const work = countWork(() => {
      parser.push("data: ");
      for (let i = 0; i < 320; i++) parser.push(chunk);
      parser.push("\n\n");
    });
    assert.deepEqual(events, [320 * chunk.length]);
    const size = 320 * chunk.length;
    assert.ok(work <= 12 * size, `${work} units of work, ${work / size} per character`);
  });
});

Deno.test("StdioTransport hides the suite's secrets in the stderr tail", async () => {
  const secret = "s3cret-value-from-env";
  const transport = new StdioTransport(
    { kind: "stdio", command: ["sh", "-c", `echo "token is ${secret}" >&2; exit 3`], env: {} },
    { secrets: [secret] },
  );
  const closed = new Promise<string>((resolve) => {
    transport.onEvent = (event) => {
      if (event.kind === "closed") resolve(event.message);
    };
  });
  try {
    await transport.start();
    const message = await closed;
    assert.match(message, /exited with code 3; stderr: token is/);
    assert.ok(!message.includes(secret), message);
    assert.ok(!transport.stderrLines.join("\n").includes(secret));
  } finally {
    await transport.close();
  }
});
