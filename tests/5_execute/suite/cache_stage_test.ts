/** @module cacheStage(): which selected tests run, which come from the result cache, and in what order. */

import assert from "node:assert/strict";
import { dirname } from "node:path";
import { cacheStage, neverCached } from "../../../src/5_execute/suite/cache_stage.ts";
import { serverCassettePath } from "../../../src/2_connect/cassette/server_cassette.ts";
import {
  RUN_RECORD_VERSION,
  type RunRecord,
  type TestResult,
} from "../../../src/4_record/run_record.ts";
import { summarize } from "../../../src/4_record/summary.ts";
import { fakeRun, inTempDir, suiteOf, toolTest } from "./_suite.ts";

const passed = (name: string, line: number): TestResult => ({
  id: `suite.yml::tool::${name}`,
  name,
  kind: "tool",
  server: "s",
  file: "suite.yml",
  line,
  col: 5,
  status: "pass",
  durationMs: 1,
  assertions: [],
  budgets: [],
});

const recordOf = (tests: TestResult[]): RunRecord => ({
  version: RUN_RECORD_VERSION,
  tool: { name: "mcptest", version: "test" },
  startedAt: "T",
  durationMs: 1,
  files: ["suite.yml"],
  servers: [],
  tests,
  summary: summarize(tests),
});

Deno.test("neverCached() keeps skip: tests and tests that take or use captures out of the cache", () => {
  assert.equal(neverCached(toolTest("a", 0)), false);
  assert.equal(neverCached(toolTest("a", 0, { skip: "later" })), true);
  assert.equal(neverCached(toolTest("a", 0, { capture: { id: "result.id" } })), true);
  assert.equal(neverCached(toolTest("a", 0, { captureUses: ["id"] })), true);
});

Deno.test("cacheStage() without the cache runs every selected test, in suite order", async () => {
  await inTempDir(async (dir) => {
    const tests = [toolTest("b", 1, { skip: "later" }), toolTest("a", 0), toolTest("c", 2)];
    const { toRun, cache } = await cacheStage(fakeRun(suiteOf(tests), dir), tests);
    assert.deepEqual(toRun.map((t) => t.name), ["a", "b", "c"]);
    assert.equal(cache.hits.size, 0);
  });
});

Deno.test("cacheStage() serves a stored pass (reported at once) and runs the rest", async () => {
  await inTempDir(async (dir) => {
    const tests = [toolTest("a", 0), toolTest("b", 1), toolTest("c", 2, { skip: "later" })];
    const suite = suiteOf(tests);
    // A replayed server: its cassette's bytes are part of every key (any text will do here).
    const cassette = serverCassettePath(suite, suite.servers.s!, dir);
    await Deno.mkdir(dirname(cassette), { recursive: true });
    await Deno.writeTextFile(cassette, "recorded\n");
    const first = await cacheStage(fakeRun(suite, dir, { cache: true }), tests);
    assert.deepEqual(first.toRun.map((t) => t.name), ["a", "b", "c"]);
    await first.cache.complete(recordOf([passed("a", 1), passed("b", 2)]), tests);
    const reported: string[] = [];
    const run = fakeRun(suite, dir, { cache: true, onResult: (r) => reported.push(r.name) });
    const second = await cacheStage(run, tests);
    // c is skipped (it sends nothing): a and b are served; a hit before a running test of the
    // same server would not be (it would shift the replay; tests/5_execute/cache/trust_test.ts).
    assert.deepEqual(second.toRun.map((t) => t.name), ["c"]);
    assert.deepEqual(reported, ["a", "b"]);
    assert.equal(second.cache.hits.get("suite.yml::tool::a")?.cached, true);
  });
});
