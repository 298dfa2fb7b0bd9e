/** @module Fuzz (fast-check): a damaged token file gives no token or a clear error naming the file, never an internal error and never a mistyped token (#23). */

import assert from "node:assert/strict";
import fc from "fast-check";
import { fileTokenStore } from "../../../src/2_connect/auth/token_store.ts";
import { damagedJson } from "../../_helpers/mutate.ts";

const URL_ = "https://mcp.example/mcp";
const GOOD = JSON.stringify({
  [URL_]: {
    accessToken: "at",
    refreshToken: "rt",
    expiresAt: 1,
    client: { clientId: "c" },
    issuer: "https://as.example",
  },
});

Deno.test("a damaged token file loads no token or fails naming the file", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const path = `${dir}/tokens.json`;
    const store = fileTokenStore(URL_, path);
    await Deno.writeTextFile(path, GOOD);
    assert.equal((await store.load())?.accessToken, "at");
    await fc.assert(
      fc.asyncProperty(damagedJson(GOOD), async (text) => {
        await Deno.writeTextFile(path, text);
        try {
          const tokens = await store.load();
          if (tokens === undefined) return;
          assert.equal(typeof tokens.accessToken, "string");
          assert.ok(tokens.refreshToken === undefined || typeof tokens.refreshToken === "string");
          assert.ok(tokens.expiresAt === undefined || typeof tokens.expiresAt === "number");
        } catch (error) {
          assert.match(String(error), /cannot read the token file .*tokens\.json/);
        }
      }),
      { numRuns: 200 },
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
