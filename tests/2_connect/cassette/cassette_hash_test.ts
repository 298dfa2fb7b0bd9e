/** @module The cassette hash (src/2_connect/cassette/server_cassette.ts `sha256`): node's SHA-256 of the text, whichever texts were hashed before it (recent ones are kept, not hashed again). */

import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { sha256 } from "../../../src/2_connect/cassette/server_cassette.ts";
import { hexOf } from "../../../src/0_base/util/web_digest.ts";

const want = (text: string) => createHash("sha256").update(text).digest("hex");

Deno.test("sha256() is the text's SHA-256, again and after twenty other texts", async () => {
  const texts = Array.from({ length: 20 }, (_, i) => `{"exchanges":[${i}]}`);
  for (const round of [1, 2]) {
    for (const text of [...texts, texts[0]!, texts[19]!]) {
      assert.equal(await sha256(text), want(text), `round ${round}: ${text}`);
    }
  }
});

Deno.test("hexOf() writes each byte as two lowercase hex digits", () => {
  assert.equal(hexOf(new Uint8Array([0, 1, 15, 16, 171, 255])), "00010f10abff");
  assert.equal(hexOf(new Uint8Array([255, 0]).buffer), "ff00");
});
