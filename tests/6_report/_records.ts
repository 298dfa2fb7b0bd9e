/** @module The fixture run records the reporter tests render (tests/fixtures/report/*.json). */

import type { ConformanceResult } from "../../src/7_features/conformance/result.ts";
import type { RunRecord } from "../../src/4_record/run_record.ts";

const FIXTURES = new URL("../fixtures/report/", import.meta.url);

/** The records every reporter's snapshot test renders, in snapshot order. */
export const SNAPSHOT_RECORDS: readonly string[] = [
  "pass",
  "fail",
  "budget",
  "connect_failure",
  "skip",
  "compliance",
  "hostile",
  "compliance_rules",
  "hostile_terminal",
];

/** Every valid record, `mixed` included (the consumer and JUnit checks read them all). */
export const ALL_RECORDS: readonly string[] = [
  "pass",
  "fail",
  "budget",
  "connect_failure",
  "skip",
  "compliance",
  "mixed",
  "hostile",
  "compliance_rules",
  "hostile_terminal",
];

/** Read `tests/fixtures/report/<name>.json`. */
export function loadRecord(name: string): RunRecord {
  return JSON.parse(Deno.readTextFileSync(new URL(`${name}.json`, FIXTURES)));
}

/**
 * The second test of `compliance_rules` alone, its rule id made markup and its spec URL `specUrl`:
 * what a reporter must escape and must not link unless it is http(s).
 */
export function withHostileRule(specUrl: string): RunRecord {
  const record = loadRecord("compliance_rules");
  const test = record.tests[1]!;
  return { ...record, tests: [{ ...test, rule: { ...test.rule!, id: "<b>X-001</b>", specUrl } }] };
}

/** The conformance results every conformance reporter renders (tests/fixtures/report/conformance/). */
export const CONFORMANCE_RESULTS: readonly string[] = ["basic", "hostile"];

/** Read `tests/fixtures/report/conformance/<name>.json`. */
export function loadConformanceResult(name: string): ConformanceResult {
  return JSON.parse(Deno.readTextFileSync(new URL(`conformance/${name}.json`, FIXTURES)));
}
