/** @module Fuzz (fast-check): a damaged cassette is a CassetteFormatError naming the file, never an internal error or a hang, through parse, index, lookup and the size check (#23). */

import assert from "node:assert/strict";
import fc from "fast-check";
import {
  asCassette,
  CassetteFormatError,
  checkMessageSizes,
  parseCassetteJson,
} from "../../../src/2_connect/cassette/format.ts";
import { framesOf, ReplayIndex } from "../../../src/2_connect/cassette/replay_index.ts";
import { damagedJson } from "../../_helpers/mutate.ts";

const GOOD = await Deno.readTextFile(
  new URL("../../../examples/cassettes/cassettes__items.json", import.meta.url),
);

Deno.test("a damaged cassette is refused as a cassette error, or replays; never an internal error", () => {
  fc.assert(
    fc.property(damagedJson(GOOD), fc.string(), (text, secret) => {
      let cassette;
      try {
        cassette = parseCassetteJson(text, "cassettes/x.json", asCassette);
      } catch (error) {
        assert.ok(error instanceof CassetteFormatError, String(error));
        assert.match(error.message, /^cassettes\/x\.json: /);
        return;
      }
      try {
        checkMessageSizes(cassette, "cassettes/x.json", 1 << 20);
      } catch (error) {
        assert.ok(error instanceof CassetteFormatError, String(error));
      }
      const index = new ReplayIndex(cassette, "cassettes/x.json", undefined, [secret]);
      for (const { method, params } of index.recorded.slice(0, 5)) {
        const found = index.lookup(method, params);
        if (!("field" in found)) framesOf(found, 1);
        else index.staleMessage(found);
      }
      index.answer({ jsonrpc: "2.0", id: 9, method: "tools/list" });
    }),
    { numRuns: 300 },
  );
});
