/** @module Tests of stdio newline framing. */

import assert from "node:assert/strict";
import { LineSplitter } from "../../src/transport/line_splitter.ts";

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
});
