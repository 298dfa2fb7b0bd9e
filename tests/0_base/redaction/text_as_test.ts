/** @module `Redactor.textAs`: the same runs `text` replaces, with another replacement (a pattern's escaped mark); the deletion fallback still deletes. */

import assert from "node:assert/strict";
import { createRedactor } from "../../../src/0_base/redaction/redactor.ts";

Deno.test("textAs replaces the runs text replaces, with the given replacement", () => {
  const redactor = createRedactor(["tok-123", "abc"]);
  const input = `a tok-123 b ${encodeURIComponent("tok-123")} abctok-123 c`;
  assert.equal(redactor.text(input), "a [REDACTED] b [REDACTED] [REDACTED] c");
  assert.equal(
    redactor.textAs(input, "\\[REDACTED\\]"),
    "a \\[REDACTED\\] b \\[REDACTED\\] \\[REDACTED\\] c",
  );
  assert.equal(redactor.textAs("nothing here", "X"), "nothing here");
});

Deno.test("textAs without secrets returns the text; with no safe mark it deletes like text", () => {
  assert.equal(createRedactor([]).textAs("tok", "X"), "tok");
  const none = createRedactor(["[", "<", "*", "#", "•", "▮"]);
  assert.equal(none.mark, "");
  assert.equal(none.textAs("a[b<c*d", "X"), none.text("a[b<c*d"));
  assert.equal(none.textAs("a[b<c*d", "X"), "abcd");
});
