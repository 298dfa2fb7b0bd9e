/** @module A cassette file over the size cap is refused before it is read, and a recorded message over the live message cap is refused at load (#23), naming the file and the cap. */

import assert from "node:assert/strict";
import {
  type Cassette,
  CassetteFormatError,
  checkMessageSizes,
  readCassetteText,
} from "../../../src/2_connect/cassette/format.ts";

Deno.test("readCassetteText() refuses a file over the cap, naming it and the cap", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const path = `${dir}/big.json`;
    await Deno.writeTextFile(path, "x".repeat(2048));
    await assert.rejects(
      () => readCassetteText(path, "cassettes/big.json", 1024),
      (e: unknown) =>
        e instanceof CassetteFormatError &&
        e.message ===
          "cassettes/big.json: cassette is 2048 bytes, over the cap of 1024 bytes on cassette files",
    );
    assert.equal((await readCassetteText(path, "x", 4096)).length, 2048);
    await assert.rejects(
      () => readCassetteText(dir, "cassettes"),
      /^CassetteFormatError: cassettes: not a regular file$/,
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("checkMessageSizes() refuses a recorded message the live transport would refuse", () => {
  const cassette = {
    format: "mcptest-cassette",
    exchanges: [
      { request: { id: 1, method: "ping" }, response: { result: {} } },
      {
        request: { id: 2, method: "tools/call" },
        response: { result: { text: "y".repeat(500) } },
        notifications: [{ method: "n", params: { t: "z".repeat(2000) } }],
      },
    ],
  } as unknown as Cassette;
  assert.throws(
    () => checkMessageSizes(cassette, "c.json", 1000),
    (e: unknown) =>
      e instanceof CassetteFormatError &&
      /^c\.json: exchanges\[1\]\.notifications\[0\] is \d+ bytes, over the server's message cap of 1000 bytes/
        .test(e.message),
  );
  checkMessageSizes(cassette, "c.json", 10_000);
  const odd = { exchanges: [{ request: {}, notifications: "not a list" }] } as unknown as Cassette;
  checkMessageSizes(odd, "c.json", 10); // damaged lists are the format check's business, no crash
});
