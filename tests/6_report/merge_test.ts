import assert from "node:assert/strict";
import { mergeRecords } from "../../src/4_record/merge.ts";
import { UsageError } from "../../src/0_base/errors/errors.ts";
import type { RunRecord, TestResult } from "../../src/4_record/run_record.ts";
import { summarize } from "../../src/4_record/summary.ts";

const FIXTURES = new URL("../fixtures/report/", import.meta.url);
const load = (name: string): RunRecord =>
  JSON.parse(Deno.readTextFileSync(new URL(`${name}.json`, FIXTURES)));

Deno.test("mergeRecords() joins shards in file/line order and recounts the summary", () => {
  const merged = mergeRecords([load("shard_1"), load("shard_2")]);
  assert.deepEqual(merged.files, ["tests/budgets.yml", "tests/tools.yml"]);
  assert.deepEqual(merged.tests.map((t) => `${t.file}:${t.line} ${t.status}`), [
    "tests/budgets.yml:20 fail",
    "tests/tools.yml:12 pass",
    "tests/tools.yml:20 pass", // in both shards: the later record's re-run wins
    "tests/tools.yml:28 fail",
  ]);
  assert.deepEqual(merged.summary, {
    total: 4,
    passed: 2,
    failed: 2,
    skipped: 0,
    errored: 0,
    budgetFailed: 1,
  });
  assert.equal(merged.durationMs, 1400, "the slowest shard's wall time");
  assert.equal(merged.startedAt, "2026-03-01T12:00:01.000Z", "the earliest start");
  assert.deepEqual(merged.servers.map((s) => `${s.key} ${s.status}`), [
    "tests/budgets.yml#items connected",
    "tests/tools.yml#items connected",
  ]);
});

Deno.test("mergeRecords() keeps the earlier result when the order is reversed", () => {
  const merged = mergeRecords([load("shard_2"), load("shard_1")]);
  const test = merged.tests.find((t) => t.line === 20 && t.file === "tests/tools.yml");
  assert.equal(test?.status, "fail");
  assert.equal(merged.summary.failed, 3);
});

Deno.test("mergeRecords() of one record is that record", () => {
  for (const name of ["mixed", "connect_failure", "compliance"]) {
    assert.deepEqual(mergeRecords([load(name)]), load(name));
  }
});

Deno.test("mergeRecords() prefers a failed server over a connected one", () => {
  const a = load("connect_failure");
  const b: RunRecord = {
    ...a,
    servers: a.servers.map((s) => ({
      name: s.name,
      key: s.key,
      target: s.target,
      source: s.source,
      status: "connected" as const,
    })),
  };
  const merged = mergeRecords([b, a]);
  assert.equal(merged.servers.find((s) => s.name === "remote")?.status, "failed");
});

Deno.test("mergeRecords() rejects other record versions and an empty list", () => {
  const other = { ...load("pass"), version: 2 } as unknown as RunRecord;
  assert.throws(
    () => mergeRecords([load("pass"), other]),
    (e: unknown) =>
      e instanceof UsageError && e.exitCode === 2 &&
      e.message ===
        "cannot merge record #2: run record version 2 is not supported; this mcptest reads version 1",
  );
  assert.throws(() => mergeRecords([]), UsageError);
});

Deno.test("mergeRecords() keeps each compliance result's rule", () => {
  const rules = load("compliance_rules");
  assert.deepEqual(mergeRecords([rules]), rules);
  const shard = (tests: TestResult[]): RunRecord => ({
    ...rules,
    tests,
    summary: summarize(tests),
  });
  const [first, ...rest] = rules.tests;
  const merged = mergeRecords([shard([first!]), shard(rest)]);
  assert.deepEqual(merged.tests.map((t) => t.rule), rules.tests.map((t) => t.rule));
  // A re-run that carries the rule replaces an older rule-less result, and the other way round.
  const { rule: _, ...bare } = rules.tests[1]!;
  assert.deepEqual(mergeRecords([shard([bare]), rules]).tests[1]!.rule, rules.tests[1]!.rule);
  assert.equal(mergeRecords([rules, shard([bare])]).tests[1]!.rule, undefined);
});
