import assert from "node:assert/strict";
import { fuzzRecord } from "../../../src/7_features/fuzz/fuzz_record.ts";
import type { FuzzFinding, FuzzReport } from "../../../src/7_features/fuzz/types.ts";
import { checkRunRecord } from "../../../src/4_record/validate.ts";

const finding: FuzzFinding = {
  kind: "internal_error",
  target: { kind: "tool", name: "divide" },
  input: { a: 1, b: 0 },
  expectation: "valid",
  strategy: "boundary",
  message: "-32603 internal error",
  shrinks: 3,
  seed: 11,
  path: "0:1",
  yaml: "tools:\n  - name: divide by zero\n",
};

const report: FuzzReport = {
  version: 1,
  server: { name: "fragile", target: "deno run fragile.ts" },
  seed: 11,
  runs: 100,
  stoppedByTime: false,
  restarts: 0,
  targets: [
    { kind: "tool", name: "divide", status: "fuzzed", cases: 40, findings: 1 },
    { kind: "tool", name: "echo", status: "fuzzed", cases: 40, findings: 0 },
    { kind: "tool", name: "wipe", status: "skipped", reason: "destructive", cases: 0, findings: 0 },
    {
      kind: "resource_template",
      name: "item://{id}",
      status: "error",
      reason: "gone",
      cases: 1,
      findings: 0,
    },
  ],
  findings: [finding],
  status: "fail",
};

Deno.test("fuzzRecord(): a target per result (fail with its findings, pass, skip, error), a valid record", () => {
  const record = fuzzRecord(report, "2026-11-26T00:00:00.000Z", 1234);
  assert.deepEqual(record.tests.map((t) => [t.name, t.status]), [
    ["fuzz tool divide", "fail"],
    ["fuzz tool echo", "pass"],
    ["fuzz tool wipe", "skip"],
    ["fuzz resource template item://{id}", "error"],
  ]);
  assert.equal(record.summary.failed, 1);
  assert.equal(record.summary.errored, 1);
  const failed = record.tests[0]!.assertions[0]!;
  assert.match(String(failed.actual), /input: \{"a":1,"b":0\}/);
  assert.match(String(failed.actual), /--seed 11 --runs 100/);
  assert.match(String(failed.expected), /-32602/);
  assert.equal(checkRunRecord(JSON.parse(JSON.stringify(record)), "fuzz record").tests.length, 4);
});

Deno.test("fuzzRecord(): a clean run is all passes", () => {
  const clean = fuzzRecord(
    { ...report, targets: [report.targets[1]!], findings: [], status: "pass" },
    "t",
    1,
  );
  assert.equal(clean.summary.failed + clean.summary.errored, 0);
  assert.equal(clean.summary.passed, 1);
});
