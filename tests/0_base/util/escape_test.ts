/** @module Tests of the one escaping module: terminal and CI safety, JSON and markup escapes. */

import assert from "node:assert/strict";
import fc from "fast-check";
import {
  escapeControls,
  escapeStrings,
  escapeText,
  inlineCode,
  markdownCell,
  MARKUP_ESCAPES,
  neutralizeCommands,
  safeJson,
  terminalSafe,
} from "../../../src/0_base/util/escape.ts";
import { assertPrintable } from "../../6_report/_printable.ts";

Deno.test("escapeControls() shows C0, DEL and C1 as \\uXXXX and keeps tab", async (t) => {
  await t.step("OSC 0, OSC 8, clear-screen, colour, C1 CSI", () => {
    assert.equal(escapeControls("\x1b]0;t\x07"), "\\u001b]0;t\\u0007");
    assert.equal(escapeControls("\x1b]8;;u\x1b\\x"), "\\u001b]8;;u\\u001b\\x");
    assert.equal(escapeControls("\x1b[2J\x1b[31m"), "\\u001b[2J\\u001b[31m");
    assert.equal(escapeControls("\u009b1m\x7f\x00"), "\\u009b1m\\u007f\\u0000");
  });
  await t.step("tab stays, newline only when asked, CR never", () => {
    assert.equal(escapeControls("a\tb\nc\rd"), "a\tb\\u000ac\\u000dd");
    assert.equal(escapeControls("a\tb\nc\rd", true), "a\tb\nc\\u000dd");
  });
  await t.step("printable text is unchanged", () => {
    assert.equal(escapeControls("héllo — ✓ 😀 \\u001b"), "héllo — ✓ 😀 \\u001b");
  });
});

Deno.test("neutralizeCommands() leaves no line a GitHub runner reads as a command", async (t) => {
  await t.step("the issue's examples", () => {
    assert.equal(
      terminalSafe("bad\n::error file=x::y\n::add-mask::"),
      "bad\n\\u003a:error file=x::y\n\\u003a:add-mask::",
    );
    assert.equal(terminalSafe("x\r::error::"), "x\\u000d::error::");
    assert.equal(neutralizeCommands("x\r::error::"), "x\r\\u003a:error::");
  });
  await t.step("leading blanks (the runner trims them) and our colour codes", () => {
    assert.equal(neutralizeCommands("  \t::warning::x"), "  \t\\u003a:warning::x");
    assert.equal(neutralizeCommands("\u00a0::x::"), "\u00a0\\u003a:x::");
    assert.equal(neutralizeCommands("\u0085::x::"), "\u0085\\u003a:x::");
    assert.equal(neutralizeCommands("\x1b[31m::x::"), "\x1b[31m\\u003a:x::");
  });
  await t.step("legacy ##[ anywhere in a line", () => {
    assert.equal(neutralizeCommands("a ##[error]b ###[x]"), "a \\u0023#[error]b #\\u0023#[x]");
    assert.equal(neutralizeCommands("##[x", MARKUP_ESCAPES), "&#35;#[x");
  });
  await t.step("a colon inside a line, a single colon and :: later on are left alone", () => {
    for (const text of ["a::b", ": :x", ":x", "x ::error::", "#[x] # [", "a\n:x"]) {
      assert.equal(neutralizeCommands(text), text);
    }
  });
});

Deno.test("terminalSafe() output is printable for any input (property)", () => {
  const unit = fc.oneof(
    fc.constantFrom("::", "##[", "\n", "\r", "\x1b", "\u009b", "\u0085", " ", "\t", "\u00a0"),
    fc.string({ unit: "binary", maxLength: 4 }),
  );
  fc.assert(
    fc.property(fc.array(unit, { maxLength: 30 }), (parts) => {
      assertPrintable(terminalSafe(parts.join("")));
    }),
    { numRuns: 500 },
  );
});

Deno.test("safeJson() is printable and parses back to the same value (property)", () => {
  const text = fc.oneof(
    fc.string({ unit: "binary" }),
    fc.array(
      fc.constantFrom(
        "::",
        "##[",
        "\n",
        "\r",
        " ",
        "\u0085",
        "\u00a0",
        "\\",
        "\x1b",
        "\u009b",
        "\u2028",
        "a",
      ),
    )
      .map((p) => p.join("")),
  );
  fc.assert(
    fc.property(
      fc.dictionary(text, fc.array(text, { maxLength: 3 })),
      fc.boolean(),
      (value, pretty) => {
        const plain = pretty ? JSON.stringify(value, null, 2) : JSON.stringify(value);
        const json = safeJson(plain);
        assert.deepEqual(JSON.parse(json), JSON.parse(plain));
        assertPrintable(json);
      },
    ),
    { numRuns: 300 },
  );
});

Deno.test("escapeStrings() escapes every string value, never a key or the structure", () => {
  const value = { "a\x1b": ["\x1b[2J", 1, null, { b: "x\ny\r" }], n: 2, t: true };
  assert.deepEqual(escapeStrings(value), {
    "a\x1b": ["\\u001b[2J", 1, null, { b: "x\ny\\u000d" }],
    n: 2,
    t: true,
  });
});

Deno.test("escapeStrings() copies only what changes and never modifies its input", () => {
  const clean = { name: "echo 1", assertions: [{ actual: "hello", pass: true }], n: [1, 2] };
  assert.equal(escapeStrings(clean), clean);
  const dirty = { keep: { a: "ok" }, list: ["fine", "bad\x1b"], tail: "z" };
  const escaped = escapeStrings(dirty);
  assert.deepEqual(escaped, { keep: { a: "ok" }, list: ["fine", "bad\\u001b"], tail: "z" });
  assert.notEqual(escaped, dirty);
  assert.equal(escaped.keep, dirty.keep);
  assert.deepEqual(dirty.list, ["fine", "bad\x1b"]);
  const hostile = JSON.parse('{"x":"\\u001b","__proto__":{"polluted":"\\u001b"}}');
  const safe = escapeStrings(hostile) as Record<string, unknown>;
  assert.equal(Object.getPrototypeOf(safe), Object.prototype);
  assert.deepEqual(Object.keys(safe), ["x", "__proto__"]);
  assert.equal((safe as { polluted?: unknown }).polluted, undefined);
});

Deno.test("markup escapes keep CR, DEL and C1 out of XML, HTML and Markdown", () => {
  assert.equal(escapeText("a\r::b<\x7f\u009b"), "a&#13;::b&lt;\\u007f\\u009b");
  assert.equal(markdownCell("a\r\nb|c\rd"), "a b\\|c d");
  assert.equal(inlineCode("a`b\x1b"), "``a`b\\u001b``");
  assert.equal(inlineCode("`x"), "`` `x ``");
});
