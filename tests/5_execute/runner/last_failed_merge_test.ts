/** @module Concurrent runs saving `.mcptest/last-run.json` lose no failure (#23): each merges its results into the file under a lock. */

import assert from "node:assert/strict";
import type { TestCase } from "../../../src/3_load/config/types.ts";
import type { TestResult } from "../../../src/4_record/run_record.ts";
import { summarize } from "../../../src/4_record/summary.ts";
import {
  hashTestId,
  mergeLastFailed,
  readLastFailed,
} from "../../../src/5_execute/runner/last_failed.ts";

const test = (i: number): TestCase => ({
  id: `s.yml::tool::t${i}`,
  name: `t${i}`,
  kind: "tool",
  file: "s.yml",
  pos: { file: "s.yml", line: 1 + i, col: 3 },
  order: i,
} as unknown as TestCase);

const result = (t: TestCase, status: TestResult["status"]): TestResult => ({
  id: t.id,
  name: t.name,
  kind: "tool",
  server: "s",
  file: "s.yml",
  line: t.pos.line,
  col: t.pos.col,
  status,
  durationMs: 0,
  assertions: [],
  budgets: [],
});

const recordOf = (tests: TestResult[]) => ({
  version: 1 as const,
  tool: { name: "mcptest" as const, version: "x" },
  startedAt: "T",
  durationMs: 0,
  files: ["s.yml"],
  servers: [],
  tests,
  summary: summarize(tests),
});

Deno.test("eight concurrent --filter runs that each fail one test leave all eight failures", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const tests = Array.from({ length: 8 }, (_, i) => test(i));
    // Each run selected one test (another shard, another --filter) and saw no state before.
    await Promise.all(
      tests.map((t) => mergeLastFailed(dir, [t], recordOf([result(t, "fail")]) as never)),
    );
    const state = await readLastFailed(dir);
    const expected = (await Promise.all(tests.map((t) => hashTestId(t.id)))).sort();
    assert.deepEqual(state?.failed, expected);
    // A later run in which two of them pass forgets those two only.
    await mergeLastFailed(
      dir,
      tests.slice(0, 2),
      recordOf(tests.slice(0, 2).map((t) => result(t, "pass"))) as never,
    );
    assert.deepEqual(
      (await readLastFailed(dir))?.failed,
      expected.filter((h) => !tests.slice(0, 2).some((t) => h === hashSync(t))),
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

const hashes = new Map<string, string>();
function hashSync(t: TestCase): string {
  return hashes.get(t.id)!;
}
for (let i = 0; i < 8; i++) hashes.set(test(i).id, await hashTestId(test(i).id));
