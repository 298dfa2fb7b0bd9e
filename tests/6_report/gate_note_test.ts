/** @module The spec_version_check: bootstrap note (a gate that passes with nothing to compare) shows in every reporter. */

import assert from "node:assert/strict";
import { REPORTERS } from "../../src/6_report/reporters.ts";
import type { RunRecord, TestResult } from "../../src/4_record/run_record.ts";
import { loadRecord } from "./_records.ts";

const NOTE = "no against: revision yet, nothing to diff (the gate passes until one is named)";

function withNote(): RunRecord {
  const record = loadRecord("pass");
  const gate: TestResult = {
    id: "suite.yml::gate::spec_version_check v2025-06-18",
    name: "spec_version_check v2025-06-18",
    kind: "gate",
    server: "",
    file: "suite.yml",
    line: 9,
    col: 3,
    status: "pass",
    durationMs: 0,
    budgets: [],
    assertions: [{
      target: "spec_version_check",
      matcher: "bootstrap",
      status: "pass",
      expected: "",
      actual: "",
      message: NOTE,
      line: 9,
      col: 3,
    }],
  };
  return { ...record, tests: [...record.tests, gate] };
}

Deno.test("every reporter shows the spec_version_check bootstrap note", async () => {
  for (const [name, load] of Object.entries(REPORTERS)) {
    const render = await load();
    const text = await render(withNote(), { color: false });
    assert.ok(text.includes("no against: revision yet"), `${name} shows the note`);
    const plain = await render(loadRecord("pass"), { color: false });
    assert.ok(!plain.includes("note: "), `${name} shows no note without one`);
  }
});

Deno.test("non-JSON reporters label the note as one", async () => {
  for (const name of ["pretty", "junit", "tap", "markdown", "html", "sarif"]) {
    const text = await (await REPORTERS[name]!())(withNote(), { color: false });
    assert.ok(text.includes("note: no against: revision yet"), `${name}:\n${text}`);
  }
});
