/** @module `mcptest report` exits like `mcptest run` (1 when the record holds a failure, 0 otherwise) and prints what renderReport() renders. */

import assert from "node:assert/strict";
import { mcptest, ROOT } from "../../_helpers/cli.ts";
import { renderReport, reportExitCode } from "../../../src/7_features/report/render_report.ts";

const FIXTURES = `${ROOT}tests/fixtures/report/`;

Deno.test("mcptest report exits 1 for a record with a failed or errored test, 0 otherwise", async (t) => {
  const cases: Array<[string, number]> = [
    ["pass.json", 0],
    ["skip.json", 0],
    ["fail.json", 1],
    ["connect_failure.json", 1], // errored only
    ["mixed.json", 1],
  ];
  for (const [fixture, code] of cases) {
    await t.step(`${fixture} -> ${code}`, async () => {
      for (const format of ["pretty", "junit"]) {
        const res = await mcptest(["report", `${FIXTURES}${fixture}`, "--format", format]);
        assert.equal(res.code, code, res.stderr);
        assert.notEqual(res.stdout, "", "the report is still rendered");
      }
    });
  }
  await t.step("--merge: a failure in any shard", async () => {
    const res = await mcptest([
      "report",
      "--merge",
      `${FIXTURES}pass.json`,
      `${FIXTURES}shard_1.json`,
      "--output",
      "/dev/null",
    ]);
    assert.equal(res.code, 1, res.stderr);
  });
  await t.step("a bad record is still 2", async () => {
    const res = await mcptest(["report", `${FIXTURES}not_a_record.json`]);
    assert.equal(res.code, 2, res.stderr);
  });
});

Deno.test("renderReport() gives the report `mcptest report` prints: a json re-render and --merge", async (t) => {
  const cases: Array<[string, string[], { format?: string; merge?: boolean }]> = [
    ["json re-render", [`${FIXTURES}mixed.json`], { format: "json" }],
    ["junit re-render", [`${FIXTURES}fail.json`], { format: "junit" }],
    ["--merge (json by default)", [`${FIXTURES}shard_1.json`, `${FIXTURES}shard_2.json`], {
      merge: true,
    }],
  ];
  for (const [label, paths, options] of cases) {
    await t.step(label, async () => {
      const flags = [
        ...(options.format ? ["--format", options.format] : []),
        ...(options.merge ? ["--merge"] : []),
      ];
      const run = await mcptest(["report", ...paths, ...flags]);
      const { record, chunks } = await renderReport(paths, options);
      assert.equal([...chunks].join(""), run.stdout);
      assert.equal(run.code, reportExitCode(record), run.stderr);
    });
  }
});
