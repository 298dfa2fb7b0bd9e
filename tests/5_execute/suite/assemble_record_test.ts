/** @module assembleRecord(): tests, then agent rows, then the blocks' results, in one record whose summary counts them all. */

import assert from "node:assert/strict";
import { assembleRecord } from "../../../src/5_execute/suite/assemble_record.ts";
import type { RunRecord } from "../../../src/4_record/run_record.ts";
import { summarize } from "../../../src/4_record/summary.ts";
import { recordOf, resultOf } from "./_records.ts";

const withRow = (record: RunRecord): RunRecord => {
  const tests = [...record.tests, resultOf("agent row", "fail", { kind: "agent", server: "s" })];
  return { ...record, tests, summary: summarize(tests), cost: { totalUsd: 0 } };
};

Deno.test("assembleRecord() puts tests, agent rows and block results in that order", () => {
  const record = assembleRecord({
    executed: recordOf([resultOf("a"), resultOf("b", "fail")], 10),
    agents: withRow,
    replayed: new Map(),
    blocks: {
      tests: [
        resultOf("RULE-001", "error", { kind: "compliance" }),
        resultOf("gate", "pass", {
          kind: "gate",
        }),
      ],
      durationMs: 5,
    },
  });
  assert.deepEqual(record.tests.map((t) => t.name), ["a", "b", "agent row", "RULE-001", "gate"]);
  assert.deepEqual(record.summary, summarize(record.tests));
  assert.equal(record.summary.failed, 2);
  assert.equal(record.summary.errored, 1);
  assert.equal(record.durationMs, 15, "the tests' time plus the blocks' time");
  assert.deepEqual(record.cost, { totalUsd: 0 });
});

Deno.test("assembleRecord() marks the results of replayed servers, not the blocks' live ones", () => {
  const record = assembleRecord({
    executed: recordOf([resultOf("a"), resultOf("b", "pass", { server: "other" })]),
    agents: (r) => r,
    replayed: new Map([["s", "hash"]]),
    blocks: { tests: [resultOf("RULE-001", "pass", { kind: "compliance" })], durationMs: 0 },
  });
  assert.deepEqual(record.tests.map((t) => t.replayed ?? false), [true, false, false]);
});

Deno.test("assembleRecord() without blocks is the tests and agent rows alone", () => {
  const executed = recordOf([resultOf("a")], 7);
  const record = assembleRecord({ executed, agents: (r) => r, replayed: new Map() });
  assert.equal(record, executed);
});
