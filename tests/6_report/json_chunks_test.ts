/** @module jsonChunks(): the json report in chunks is byte for byte the json reporter's text. */

import assert from "node:assert/strict";
import fc from "fast-check";
import { renderJson } from "../../src/6_report/json.ts";
import { jsonChunks } from "../../src/6_report/json_chunks.ts";
import type { RunRecord, TestResult } from "../../src/4_record/run_record.ts";
import { ALL_RECORDS, loadRecord } from "./_records.ts";

Deno.test("jsonChunks() joins to renderJson() on every fixture record", async (t) => {
  for (const name of ALL_RECORDS) {
    await t.step(name, () => {
      const record = loadRecord(name);
      assert.equal([...jsonChunks(record)].join(""), renderJson(record));
    });
  }
});

Deno.test("jsonChunks() joins to renderJson() for records with hostile test text", () => {
  const text = fc.string({ unit: "binary", maxLength: 40 });
  const test = fc.record({ name: text, message: text }).map(({ name, message }): TestResult => ({
    id: `f.yml::tool::${name}`,
    name,
    kind: "tool",
    server: "s",
    file: "f.yml",
    line: 1,
    col: 1,
    status: "fail",
    durationMs: 1,
    assertions: [{
      target: "result",
      matcher: "exact",
      status: "fail",
      expected: "x",
      actual: message,
      line: 2,
      col: 3,
    }],
    budgets: [],
  }));
  fc.assert(
    fc.property(fc.array(test, { maxLength: 5 }), (tests) => {
      const record: RunRecord = {
        version: 1,
        tool: { name: "mcptest", version: "0" },
        startedAt: "2026-01-01T00:00:00.000Z",
        durationMs: 1,
        files: ["f.yml"],
        servers: [],
        tests,
        summary: {
          total: tests.length,
          passed: 0,
          failed: tests.length,
          skipped: 0,
          errored: 0,
          budgetFailed: 0,
        },
      } as RunRecord;
      assert.equal([...jsonChunks(record)].join(""), renderJson(record));
    }),
  );
});
