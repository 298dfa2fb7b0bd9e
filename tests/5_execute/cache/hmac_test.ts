import assert from "node:assert/strict";
import { createHmac } from "node:crypto";
import fc from "fast-check";
import { hmacHex } from "../../../src/5_execute/cache/secret.ts";
import { loadSha256 } from "../../../src/0_base/util/sha256.ts";

// The cache and pins hash synchronously once node:crypto is loaded (runs load it first).
await loadSha256();

Deno.test("hmacHex() is byte for byte createHmac's HMAC-SHA256, for any secret and text (property)", () => {
  const text = fc.string({ unit: "binary", maxLength: 300 });
  // Keys shorter than a block (padded), one block long, and longer (hashed first).
  const secret = fc.oneof(
    fc.string({ unit: "binary", minLength: 1, maxLength: 63 }),
    fc.constant("ab".repeat(32)),
    fc.string({ unit: "binary", minLength: 65, maxLength: 200 }),
  );
  fc.assert(
    fc.property(secret, text, text, (key, first, second) => {
      // Two texts under one key, then the next key: the pads kept for a secret are never reused for another.
      for (const message of [first, second]) {
        assert.equal(
          hmacHex(key, message),
          createHmac("sha256", key).update(message).digest("hex"),
        );
      }
    }),
    { numRuns: 400 },
  );
});

Deno.test("hmacHex() differs for another secret or another text", () => {
  const a = "0123456789abcdef".repeat(4);
  const b = "fedcba9876543210".repeat(4);
  assert.notEqual(hmacHex(a, "x"), hmacHex(b, "x"));
  assert.notEqual(hmacHex(a, "x"), hmacHex(a, "y"));
  assert.equal(hmacHex(a, "x"), hmacHex(a, "x"));
});
