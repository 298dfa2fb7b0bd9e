/** @module Fuzz (fast-check): a damaged run record is a UsageError (exit 2) naming the file, never an internal error (#23). */

import assert from "node:assert/strict";
import fc from "fast-check";
import { parseRunRecord } from "../../src/4_record/validate.ts";
import { UsageError } from "../../src/0_base/errors/errors.ts";
import { summarize } from "../../src/4_record/summary.ts";
import { damagedJson } from "../_helpers/mutate.ts";

const tests = [{
  id: "s.yml::tool::a",
  name: "a",
  kind: "tool",
  server: "s",
  file: "s.yml",
  line: 1,
  col: 1,
  status: "fail",
  durationMs: 3,
  assertions: [{
    target: "result",
    matcher: "exact",
    status: "fail",
    expected: "1",
    actual: "2",
    line: 2,
    col: 3,
  }],
  budgets: [],
  failure: { layer: "assertion", message: "no" },
}];
const GOOD = JSON.stringify({
  version: 1,
  tool: { name: "mcptest", version: "0.0.0" },
  startedAt: "2026-01-01T00:00:00Z",
  durationMs: 3,
  files: ["s.yml"],
  servers: [{ name: "s", key: "s", target: "x", source: "test file", status: "connected" }],
  tests,
  summary: summarize(tests as never),
});

Deno.test("the seed record is valid", () => {
  parseRunRecord(GOOD, "run.json");
});

Deno.test("a damaged run record is a usage error naming the file, never an internal error", () => {
  fc.assert(
    fc.property(damagedJson(GOOD), (text) => {
      try {
        parseRunRecord(text, "run.json");
      } catch (error) {
        assert.ok(error instanceof UsageError, String(error));
        assert.match(error.message, /^run\.json: /);
      }
    }),
    { numRuns: 300 },
  );
});
