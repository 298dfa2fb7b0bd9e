/** @module `mcptest report` exits like `mcptest run`: 1 when the record holds a failure, 0 otherwise. */

import assert from "node:assert/strict";
import { mcptest, ROOT } from "../../_helpers/cli.ts";

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
