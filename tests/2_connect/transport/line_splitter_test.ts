/** @module Tests of stdio newline framing: chunking, CRLF, linear cost in line size, the message cap. */

import assert from "node:assert/strict";
import {
  DEFAULT_MAX_MESSAGE_BYTES,
  formatBytes,
  LineSplitter,
  messageCapMessage,
} from "../../../src/2_connect/transport/line_splitter.ts";
import { countWork } from "../../_helpers/work_count.ts";

Deno.test("LineSplitter splits chunks into lines", async (t) => {
  await t.step("buffers partial lines across chunks", () => {
    const splitter = new LineSplitter();
    assert.deepEqual(splitter.push('{"a":'), []);
    assert.deepEqual(splitter.push('1}\n{"b"'), ['{"a":1}']);
    assert.deepEqual(splitter.push(":2}\n"), ['{"b":2}']);
    assert.deepEqual(splitter.flush(), []);
  });

  await t.step("tolerates CRLF, also when the CR ends a chunk", () => {
    const splitter = new LineSplitter();
    assert.deepEqual(splitter.push("x\r"), []);
    assert.deepEqual(splitter.push("\ny\r\n"), ["x", "y"]);
  });

  await t.step("flush() returns the unterminated last line", () => {
    const splitter = new LineSplitter();
    splitter.push("tail\r");
    assert.deepEqual(splitter.flush(), ["tail"]);
  });

  await t.step("a multi-byte character split across chunks decodes whole", () => {
    const splitter = new LineSplitter();
    const bytes = new TextEncoder().encode("é€😀\n");
    const lines = [...bytes].flatMap((byte) => splitter.push(new Uint8Array([byte])));
    assert.deepEqual(lines, ["é€😀"]);
  });
});

/** Push one line of `size` bytes in 64 KiB chunks; returns the bytes read and copied on the way. */
function lineWork(size: number): number {
  const chunk = new Uint8Array(64 * 1024).fill(0x61);
  const splitter = new LineSplitter({ maxBytes: size + 1 });
  let lines: string[] = [];
  const work = countWork(() => {
    for (let sent = 0; sent < size; sent += chunk.length) {
      lines = splitter.push(chunk.subarray(0, Math.min(chunk.length, size - sent)));
      if (lines.length !== 0) break;
    }
    if (lines.length === 0) lines = splitter.push("\n");
  });
  assert.equal(lines.length, 1);
  assert.equal(lines[0]!.length, size);
  return work;
}

Deno.test("LineSplitter is linear in the line size (a 50 MB line is read and copied a few times, never per chunk)", () => {
  // Each byte is scanned once for the newline, copied once out of its chunk, once into the
  // joined line and decoded once: 4 per byte, at any size. Buffering that recopies the line at
  // every chunk does ~80 per byte at 5 MB and ~800 at 50 MB (the old one took ~18 s). Counted,
  // not timed, so a busy machine cannot fail it.
  for (const size of [5_000_000, 50_000_000]) {
    const work = lineWork(size);
    assert.ok(work <= 8 * size, `${size} bytes: ${work} bytes of work, ${work / size} per byte`);
  }
});

Deno.test("LineSplitter enforces the message cap", async (t) => {
  await t.step("the default cap is 16 MiB", () => {
    assert.equal(DEFAULT_MAX_MESSAGE_BYTES, 16 * 1024 * 1024);
    assert.equal(formatBytes(DEFAULT_MAX_MESSAGE_BYTES), "16 MiB");
    assert.equal(formatBytes(2048), "2 KiB");
    assert.equal(formatBytes(100), "100 bytes");
  });

  await t.step("a line over the cap is reported once, as soon as it passes it, and dropped", () => {
    const overflows: number[] = [];
    const splitter = new LineSplitter({ maxBytes: 10, onOverflow: (max) => overflows.push(max) });
    assert.deepEqual(splitter.push("0123456789"), []);
    assert.deepEqual(overflows, []);
    assert.deepEqual(splitter.push("ABC"), []);
    assert.deepEqual(overflows, [10]);
    assert.deepEqual(splitter.push("DEF".repeat(100)), []);
    assert.deepEqual(overflows, [10]);
    assert.deepEqual(splitter.push('rest\n{"ok":1}\n'), ['{"ok":1}']);
    assert.deepEqual(splitter.flush(), []);
  });

  await t.step("a line of exactly the cap passes", () => {
    const overflows: number[] = [];
    const splitter = new LineSplitter({ maxBytes: 4, onOverflow: (max) => overflows.push(max) });
    assert.deepEqual(splitter.push("abcd\n"), ["abcd"]);
    assert.deepEqual(overflows, []);
  });

  await t.step("the failure text names the cap and how to raise it", () => {
    assert.equal(
      messageCapMessage(16 * 1024 * 1024),
      "server message (stdio line) is larger than the 16 MiB cap (16777216 bytes); raise max_message_bytes on the server entry to accept it",
    );
  });
});
