/** @module forTerminal(): the one gate for command output quoting foreign text: no ESC/BEL/CR/C1 byte, no line-leading `::`, JSON still parses to the same value (#23). */

import assert from "node:assert/strict";
import fc from "fast-check";
import { forTerminal } from "../../../src/0_base/util/escape.ts";

// deno-lint-ignore no-control-regex
const RAW_CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/;
const COMMAND_LINE = /^\s*::/m;

const hostile = fc.oneof(
  fc.string({ unit: "binary" }),
  fc.constantFrom(
    "\x1b[2J\x1b]0;owned\x07",
    "name\n::error file=x::planted",
    "a\r::set-env name=X::1",
    "\u009b31m",
    "::add-mask::x",
    "##[error]legacy",
  ),
);

Deno.test("forTerminal() text: no control byte, no workflow command line", () => {
  fc.assert(fc.property(fc.array(hostile, { maxLength: 4 }), (names) => {
    const out = forTerminal(names.map((n) => `  ${n}  (server)\n`).join(""));
    assert.doesNotMatch(out, RAW_CONTROL);
    assert.doesNotMatch(out, COMMAND_LINE);
  }));
});

Deno.test("forTerminal() json: same value, no raw control byte, no workflow command line", () => {
  fc.assert(fc.property(fc.array(hostile, { maxLength: 4 }), (names) => {
    const json = JSON.stringify({ tests: names.map((name) => ({ name })) }, null, 2) + "\n";
    const out = forTerminal(json, "json");
    assert.deepEqual(JSON.parse(out), JSON.parse(json));
    assert.doesNotMatch(out, RAW_CONTROL);
    assert.doesNotMatch(out, COMMAND_LINE);
  }));
});
