import assert from "node:assert/strict";
import { REDACTED, redactText, redactValue } from "../../src/record/redact.ts";

Deno.test("redactValue() removes every secret from strings and keys", () => {
  const value = {
    a: "token s3cr3t-value here",
    list: ["s3cr3t-value"],
    ["k-s3cr3t-value"]: 1,
    n: 5,
  };
  const out = redactValue(value, ["s3cr3t-value"]);
  assert.ok(!JSON.stringify(out).includes("s3cr3t-value"));
  assert.equal(out.a, `token ${REDACTED} here`);
  assert.equal(out.n, 5);
});

Deno.test("redactText() replaces the longest secret first and ignores tiny ones", () => {
  assert.equal(redactText("abcdef", ["abc", "abcdef"]), REDACTED);
  assert.equal(redactText("ab", ["ab"]), "ab");
});
