/** @module Fuzz (fast-check): a damaged capture file is a McptestError with exit 2 naming the file, never an internal error (#23). */

import assert from "node:assert/strict";
import fc from "fast-check";
import { parseCapture } from "../../../../src/5_execute/compliance/invariants/capture_file.ts";
import { McptestError } from "../../../../src/0_base/errors/errors.ts";
import { damagedJson } from "../../../_helpers/mutate.ts";

const GOOD = await Deno.readTextFile(
  new URL("../../../../examples/diff/v1.capture.json", import.meta.url),
);

Deno.test("a damaged capture is exit 2 naming the file, never an internal error", () => {
  parseCapture(GOOD, "v1.capture.json");
  fc.assert(
    fc.property(damagedJson(GOOD), (text) => {
      try {
        parseCapture(text, "v1.capture.json");
      } catch (error) {
        assert.ok(error instanceof McptestError, String(error));
        assert.equal(error.exitCode, 2);
        assert.match(error.message, /v1\.capture\.json/);
      }
    }),
    { numRuns: 300 },
  );
});
