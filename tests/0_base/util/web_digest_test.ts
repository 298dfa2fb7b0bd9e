/** @module WebCrypto SHA-256 and HMAC-SHA256 (src/0_base/util/web_digest.ts): byte for byte node:crypto's, for texts and bytes, under any secret. */

import assert from "node:assert/strict";
import { createHash, createHmac } from "node:crypto";
import fc from "fast-check";
import { webHmacHex, webSha256Hex } from "../../../src/0_base/util/web_digest.ts";

const text = fc.string({ unit: "binary", maxLength: 300 });

Deno.test("webSha256Hex() is node's SHA-256 of the UTF-8 text or the bytes (property)", async () => {
  await fc.assert(
    fc.asyncProperty(text, async (message) => {
      const want = createHash("sha256").update(message).digest("hex");
      assert.equal(await webSha256Hex(message), want);
      assert.equal(await webSha256Hex(new TextEncoder().encode(message)), want);
    }),
    { numRuns: 200 },
  );
  assert.equal(
    await webSha256Hex("abc"),
    "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
  );
});

Deno.test("webHmacHex() is createHmac's HMAC-SHA256 under any secret, the key kept per secret (property)", async () => {
  // Keys shorter than a block (padded), one block long, and longer (hashed first).
  const secret = fc.oneof(
    fc.string({ unit: "binary", minLength: 1, maxLength: 63 }),
    fc.constant("ab".repeat(32)),
    fc.string({ unit: "binary", minLength: 65, maxLength: 200 }),
  );
  await fc.assert(
    fc.asyncProperty(secret, secret, text, async (first, second, message) => {
      // One secret, then another, then the first again: a kept key is never used for another secret.
      for (const key of [first, second, first]) {
        assert.equal(
          await webHmacHex(key, message),
          createHmac("sha256", key).update(message).digest("hex"),
        );
      }
    }),
    { numRuns: 200 },
  );
});
