/** @module A malformed run record or cached result is named by the JSON path of its first bad field. */

import assert from "node:assert/strict";
import { checkRunRecord, testResultProblem } from "../../src/4_record/validate.ts";

const check = {
  target: "result",
  matcher: "exists",
  status: "pass",
  expected: "a value",
  actual: "{}",
  line: 3,
  col: 5,
};
const result = {
  id: "t.yml::tool::a",
  name: "a",
  kind: "tool",
  server: "t.yml#s",
  file: "t.yml",
  line: 1,
  col: 3,
  status: "pass",
  durationMs: 2,
  assertions: [check],
  budgets: [],
};

Deno.test("testResultProblem() names the first bad field by its path, and passes a good result", () => {
  assert.equal(testResultProblem(result), undefined);
  assert.equal(
    testResultProblem({ ...result, assertions: [check, { ...check, line: -1 }] }),
    "result.assertions[1].line must be a number >= 0",
  );
  assert.match(
    testResultProblem({ ...result, budgets: [{ budget: "x" }] }) ?? "",
    /^result\.budgets\[0\]\.budget must be one of max_duration_ms, .* \(got "x"\)$/,
  );
  assert.equal(testResultProblem({ ...result, name: 3 }), "result.name must be a string");
  assert.equal(
    testResultProblem({ ...result, assertions: {} }),
    "result.assertions must be an array",
  );
  assert.equal(testResultProblem(5), "result must be an object");
});

Deno.test("checkRunRecord() names a bad field of the record from its root", () => {
  const record = {
    version: 1,
    tool: { name: "mcptest", version: "0.1.0" },
    startedAt: "2026-01-01T00:00:00Z",
    durationMs: 1,
    files: ["t.yml", 2],
    servers: [],
    tests: [result],
    summary: { total: 1, passed: 1, failed: 0, skipped: 0, errored: 0, budgetFailed: 0 },
  };
  assert.throws(
    () => checkRunRecord(record, "r.json"),
    /^.*r\.json: not a valid run record: files\[1\] must be a string$/,
  );
  assert.throws(
    () => checkRunRecord({ ...record, files: [], tool: { name: "x" } }, "r.json"),
    /not a valid run record: tool\.name must be one of mcptest \(got "x"\)$/,
  );
  assert.equal(checkRunRecord({ ...record, files: ["t.yml"] }, "r.json").tests.length, 1);
});
