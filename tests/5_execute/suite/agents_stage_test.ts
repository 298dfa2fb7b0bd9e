/** @module agentsStage(): agent rows, evals and the coverage gate merged into a record; `--filter` on row names. */

import assert from "node:assert/strict";
import { agentsStage, rowFilter } from "../../../src/5_execute/suite/agents_stage.ts";
import { RUN_RECORD_VERSION, type RunRecord } from "../../../src/4_record/run_record.ts";
import { summarize } from "../../../src/4_record/summary.ts";
import { echoConnect, fakeRun, inTempDir, suiteOf, toolTest } from "./_suite.ts";

const EMPTY: RunRecord = {
  version: RUN_RECORD_VERSION,
  tool: { name: "mcptest", version: "test" },
  startedAt: "T",
  durationMs: 0,
  files: ["suite.yml"],
  servers: [],
  tests: [],
  summary: summarize([]),
};

Deno.test("rowFilter() matches row names as --filter matches test names", () => {
  assert.equal(rowFilter("weather")("weather today [gpt]"), true);
  assert.equal(rowFilter("/^w.*\\]$/")("weather today [gpt]"), true);
  assert.equal(rowFilter("/^x/")("weather today [gpt]"), false);
});

Deno.test("agentsStage() leaves a record without agents, evals or a coverage gate as it is", async () => {
  await inTempDir(async (dir) => {
    const tests = [toolTest("a", 0)];
    const merge = await agentsStage(fakeRun(suiteOf(tests), dir), tests);
    assert.equal(merge(EMPTY), EMPTY);
  });
});

Deno.test("agentsStage() adds one coverage row per exercised server against --coverage-threshold", async (t) => {
  const tools = { tools: [{ name: "echo" }, { name: "other" }] };
  const connect = echoConnect([], (method) => method === "tools/list" ? tools : {});
  for (const [threshold, status] of [[50, "pass"], [60, "fail"]] as const) {
    await t.step(`${threshold}%: ${status}`, async () => {
      await inTempDir(async (dir) => {
        const tests = [toolTest("a", 0)];
        const seen: string[] = [];
        const run = fakeRun(suiteOf(tests), dir, {
          connect,
          agents: { coverageThreshold: threshold },
          onResult: (r) => seen.push(r.id),
        });
        const record = (await agentsStage(run, tests))(EMPTY);
        assert.deepEqual(record.tests.map((r) => [r.id, r.kind, r.status]), [
          ["coverage::s", "coverage", status],
        ]);
        assert.equal(record.tests[0]?.assertions[0]?.actual, "50.0% (1 of 2)");
        assert.equal(record.summary.total, 1);
        assert.deepEqual(seen, ["coverage::s"]);
      });
    });
  }
});
