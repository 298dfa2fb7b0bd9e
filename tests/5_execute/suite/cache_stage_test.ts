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
import type { Suite, TestCase } from "../../../src/3_load/config/types.ts";

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

Deno.test("neverCached() keeps skip: tests out of the cache; tests with captures are cached", () => {
  assert.equal(neverCached(toolTest("a", 0)), false);
  assert.equal(neverCached(toolTest("a", 0, { skip: "later" })), true);
  assert.equal(neverCached(toolTest("a", 0, { capture: { id: "result.id" } })), false);
  assert.equal(neverCached(toolTest("a", 0, { captureUses: ["id"] })), false);
});

Deno.test("cacheStage() without the cache runs every selected test, in suite order", async () => {
  await inTempDir(async (dir) => {
    const tests = [toolTest("b", 1, { skip: "later" }), toolTest("a", 0), toolTest("c", 2)];
    const { toRun, cache } = await cacheStage(fakeRun(suiteOf(tests), dir), tests);
    assert.deepEqual(toRun.map((t) => t.name), ["a", "b", "c"]);
    assert.equal(cache.hits.size, 0);
  });
});

/** The suite of `tests` on a replayed server s: its cassette's bytes are part of every key (any text will do). */
async function replayedSuite(tests: TestCase[], dir: string): Promise<Suite> {
  const suite = suiteOf(tests);
  const cassette = serverCassettePath(suite, suite.servers.s!, dir);
  await Deno.mkdir(dirname(cassette), { recursive: true });
  await Deno.writeTextFile(cassette, "recorded\n");
  return suite;
}

/** A first cached run of `suite` (every selected test runs) that stores `results`. */
async function storePasses(suite: Suite, dir: string, results: TestResult[]): Promise<void> {
  const first = await cacheStage(fakeRun(suite, dir, { cache: true }), suite.tests);
  assert.deepEqual(first.toRun.map((t) => t.name), ["a", "b", "c"]);
  await first.cache.complete(recordOf(results), suite.tests);
}

Deno.test("cacheStage() serves a stored pass (reported at once) and runs the rest", async () => {
  await inTempDir(async (dir) => {
    const tests = [toolTest("a", 0), toolTest("b", 1), toolTest("c", 2, { skip: "later" })];
    const suite = await replayedSuite(tests, dir);
    await storePasses(suite, dir, [passed("a", 1), passed("b", 2)]);
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

Deno.test("cacheStage() serves a capture and its users together, or runs them together", async () => {
  await inTempDir(async (dir) => {
    // a captures `id`, b and c use it: all three on server s.
    const chain = (cText: string) => [
      toolTest("a", 0, { capture: { id: "result.structuredContent.text" } }),
      toolTest("b", 1, { captureUses: ["id"] }),
      toolTest("c", 2, {
        captureUses: ["id"],
        call: { kind: "tool", tool: "echo", args: { text: cText } },
      }),
    ];
    const tests = chain("c");
    const suite = await replayedSuite(tests, dir);
    await storePasses(suite, dir, [passed("a", 1), passed("b", 11), passed("c", 21)]);
    const served = await cacheStage(fakeRun(suite, dir, { cache: true }), tests);
    assert.deepEqual(served.toRun.map((t) => t.name), [], "the capture and its users are served");
    // c changed: it runs, and so do a (whose capture it needs) and b (before a running test).
    const changed = chain("c, changed");
    const rerun = await cacheStage(fakeRun(suiteOf(changed), dir, { cache: true }), changed);
    assert.deepEqual(rerun.toRun.map((t) => t.name), ["a", "b", "c"]);
    assert.equal(rerun.cache.hits.size, 0);
  });
});
