/** @module Tests of the SSE parser against the event-stream rules. */

import assert from "node:assert/strict";
import { readSse, type SseEvent, SseParser } from "../../../src/2_connect/transport/sse_parser.ts";

function parse(
  chunks: readonly string[],
): { events: SseEvent[]; comments: string[]; parser: SseParser } {
  const events: SseEvent[] = [];
  const comments: string[] = [];
  const parser = new SseParser({
    onEvent: (e) => events.push(e),
    onComment: (c) => comments.push(c),
  });
  for (const chunk of chunks) parser.push(chunk);
  parser.end();
  return { events, comments, parser };
}

Deno.test("SseParser parses event streams", async (t) => {
  await t.step("joins multi-line data with newlines and defaults the type to message", () => {
    const { events } = parse(["data: one\ndata: two\ndata\n\n"]);
    assert.deepEqual(events, [{ event: "message", data: "one\ntwo\n", id: "" }]);
  });

  await t.step("reads event names, ids and retry", () => {
    const { events, parser } = parse([
      "event: endpoint\nid: 7\nretry: 1500\ndata: /messages?x=1\n\n",
    ]);
    assert.deepEqual(events, [{ event: "endpoint", data: "/messages?x=1", id: "7", retry: 1500 }]);
    assert.equal(parser.retry, 1500);
    assert.equal(parser.lastEventId, "7");
  });

  await t.step("keeps the last id for later events and ignores a bad retry", () => {
    const { events } = parse(["id: a\ndata: 1\n\nretry: soon\ndata: 2\n\n"]);
    assert.deepEqual(events.map((e) => [e.id, e.data, e.retry]), [["a", "1", undefined], [
      "a",
      "2",
      undefined,
    ]]);
  });

  await t.step("reports comments and does not dispatch them", () => {
    const { events, comments } = parse([": keep-alive\n:no space\n\n"]);
    assert.deepEqual(events, []);
    assert.deepEqual(comments, ["keep-alive", "no space"]);
  });

  await t.step("handles CRLF, lone CR and a CRLF split across chunks", () => {
    const { events } = parse(["data: a\r", "\ndata: b\r\r\n", "data: c\r\n\r\n"]);
    assert.deepEqual(events.map((e) => e.data), ["a\nb", "c"]);
  });

  await t.step("buffers lines split across chunks and strips one leading space only", () => {
    const { events } = parse(["da", "ta:  two spaces\n", "\n", "data:x\n\n"]);
    assert.deepEqual(events.map((e) => e.data), [" two spaces", "x"]);
  });

  await t.step("strips a leading BOM and ignores unknown fields", () => {
    const { events } = parse(["\ufeffdata: a\nfoo: bar\n\n"]);
    assert.deepEqual(events.map((e) => e.data), ["a"]);
  });

  await t.step("an event with an empty data line is dispatched with empty data", () => {
    const { events } = parse(["id: p1\ndata:\n\n"]);
    assert.deepEqual(events, [{ event: "message", data: "", id: "p1" }]);
  });

  await t.step("a block without data resets the event type", () => {
    const { events } = parse(["event: x\n\ndata: y\n\n"]);
    assert.deepEqual(events.map((e) => e.event), ["message"]);
  });

  await t.step("an unterminated last event is discarded", () => {
    const { events } = parse(["data: done\n\ndata: partial"]);
    assert.deepEqual(events.map((e) => e.data), ["done"]);
  });
});

Deno.test("readSse() reads a byte stream, including multi-byte characters split across chunks", async () => {
  const bytes = new TextEncoder().encode("data: héllo\n\n");
  const split = bytes.indexOf(0xc3) + 1;
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(bytes.slice(0, split));
      controller.enqueue(bytes.slice(split));
      controller.close();
    },
  });
  const events: SseEvent[] = [];
  await readSse(stream, { onEvent: (e) => events.push(e) });
  assert.deepEqual(events.map((e) => e.data), ["héllo"]);
});
