/** @module tapYamlLines(): a TAP YAML block that reads back as the diagnostics it was given, one line per line. */

import assert from "node:assert/strict";
import fc from "fast-check";
import { parse } from "yaml";
import { tapYamlLines } from "../../src/6_report/tap_yaml.ts";
import { escapeStrings } from "../../src/0_base/util/escape.ts";

/** Strings a server can put in a diagnostic: YAML indicators, quotes, line breaks, commands. */
const text = fc.oneof(
  fc.string(),
  fc.string({ unit: "binary" }),
  fc.constantFrom(
    "",
    " lead",
    "trail ",
    "a: b",
    "- x",
    "#x",
    "'q'",
    '"d"',
    "123",
    "yes",
    "null",
    "~",
    "multi\nline\n",
    "::error::x",
    "x\n::error file=a::b",
    "\t\u001b[31mred",
    "%0A",
    "{[]}",
    "*a &b !t",
  ),
);
const diagnostics = fc.dictionary(
  fc.constantFrom("message", "severity", "wanted", "found", "error", "kind"),
  fc.oneof(
    text,
    fc.integer(),
    fc.dictionary(fc.constantFrom("file", "line", "column"), fc.oneof(text, fc.nat())),
    fc.array(fc.dictionary(fc.constantFrom("target", "wanted", "found"), text), { maxLength: 3 }),
  ),
);

Deno.test("tapYamlLines() reads back as the (escaped) diagnostics it was given (property)", () => {
  fc.assert(
    fc.property(diagnostics, (value) => {
      const escaped = escapeStrings(JSON.parse(JSON.stringify(value)));
      const lines = tapYamlLines(escaped);
      assert.deepEqual(parse(lines.join("\n")) ?? {}, escaped, lines.join("\n"));
      // Escaped text holds no control character, so none reaches the report but tabs and breaks.
      // deno-lint-ignore no-control-regex
      for (const line of lines) assert.doesNotMatch(line, /[\u0000-\u0008\u000b-\u001f\u007f]/);
    }),
    { numRuns: 500 },
  );
});

Deno.test("tapYamlLines() never folds a long value and leaves out what YAML cannot hold", () => {
  const long = "word ".repeat(100).trim();
  assert.deepEqual(tapYamlLines({ message: long }), [`message: ${long}`]);
  assert.deepEqual(tapYamlLines({ message: "m", gone: undefined }), ["message: m"]);
});
