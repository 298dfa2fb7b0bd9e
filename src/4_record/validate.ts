/** @module Reads a saved run record (JSON text) and checks its shape before any reporter sees it. */

import { UsageError } from "../0_base/errors/errors.ts";
import { RUN_RECORD_VERSION, type RunRecord } from "./run_record.ts";
import { summarize } from "./summary.ts";

/**
 * A check of one value, at `key` of the value at path `parent`: what is wrong with it, or
 * undefined. The path is written out only for a problem (a cached run serves thousands of
 * results, each checked field by field).
 */
type Check = (value: unknown, parent: string, key?: string | number) => string | undefined;

/** The JSON path of `key` under `parent`: `a.b`, `a[0]`, or `parent` itself without a key. */
function pathOf(parent: string, key: string | number | undefined): string {
  if (key === undefined) return parent;
  if (typeof key === "number") return `${parent}[${key}]`;
  return parent ? `${parent}.${key}` : key;
}

const STATUS = ["pass", "fail", "skip", "error"];
const BUDGETS = [
  "max_duration_ms",
  "max_response_tokens",
  "response_headers",
  "response_headers_absent",
  "p95_ms",
  "p99_ms",
  "error_rate",
  "min_throughput",
];

const str: Check = (v, p, k) =>
  typeof v === "string" ? undefined : `${pathOf(p, k)} must be a string`;
const num: Check = (v, p, k) =>
  typeof v === "number" && Number.isFinite(v) && v >= 0
    ? undefined
    : `${pathOf(p, k)} must be a number >= 0`;
const oneOf = (values: string[]): Check => (v, p, k) =>
  typeof v === "string" && values.includes(v)
    ? undefined
    : `${pathOf(p, k)} must be one of ${values.join(", ")} (got ${JSON.stringify(v) ?? "nothing"})`;
const optional = (check: Check): Check => (v, p, k) => v === undefined ? undefined : check(v, p, k);
const list = (check: Check): Check => (v, p, k) => {
  if (!Array.isArray(v)) return `${pathOf(p, k)} must be an array`;
  const here = pathOf(p, k);
  for (let i = 0; i < v.length; i++) {
    const problem = check(v[i], here, i);
    if (problem) return problem;
  }
  return undefined;
};
const object = (fields: Record<string, Check>): Check => {
  const entries = Object.entries(fields);
  return (v, p, k) => {
    if (v === null || typeof v !== "object" || Array.isArray(v)) {
      return `${pathOf(p, k)} must be an object`;
    }
    const record = v as Record<string, unknown>;
    const here = pathOf(p, k);
    for (const [key, check] of entries) {
      const problem = check(record[key], here, key);
      if (problem) return problem;
    }
    return undefined;
  };
};

const failure = object({ layer: optional(str), message: str });
const assertion = object({
  target: str,
  matcher: str,
  status: oneOf(STATUS),
  expected: str,
  actual: str,
  message: optional(str),
  line: num,
  col: num,
});
const budget = object({
  budget: oneOf(BUDGETS),
  status: oneOf(STATUS),
  limit: str,
  actual: str,
  message: optional(str),
  line: num,
  col: num,
});
const test = object({
  id: str,
  name: str,
  kind: str,
  server: str,
  file: str,
  line: num,
  col: num,
  status: oneOf(STATUS),
  durationMs: num,
  assertions: list(assertion),
  budgets: list(budget),
  failure: optional(failure),
  skipReason: optional(str),
  rule: optional(object({
    id: str,
    revision: str,
    severity: oneOf(["MUST", "SHOULD", "MAY"]),
    specUrl: str,
  })),
});
/**
 * What is wrong with `value` as one test result of a run record (the JSON path and the problem),
 * or undefined when it is one: the result cache checks an entry with it before serving it.
 */
export function testResultProblem(value: unknown): string | undefined {
  return test(value, "result");
}

const server = object({
  name: str,
  key: str,
  target: str,
  source: str,
  status: oneOf(["connected", "failed", "unused"]),
  protocolVersion: optional(str),
  failure: optional(failure),
});
const counts = ["total", "passed", "failed", "skipped", "errored", "budgetFailed"] as const;
const record = object({
  tool: object({ name: oneOf(["mcptest"]), version: str }),
  startedAt: str,
  durationMs: num,
  files: list(str),
  servers: list(server),
  tests: list(test),
  summary: object(Object.fromEntries(counts.map((k) => [k, num]))),
});

/**
 * Parse and check a saved run record. `label` names its source in messages (a file path).
 * @throws {UsageError} (exit 2) naming the file and what is wrong: not JSON, another record
 *   version, a missing or mistyped field, or a summary that does not match its tests
 */
export function parseRunRecord(text: string, label: string): RunRecord {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new UsageError(`${label}: not a run record: invalid JSON (${reason})`);
  }
  return checkRunRecord(value, label);
}

/** Check an already parsed value is a run record of this version. @throws {UsageError} */
export function checkRunRecord(value: unknown, label: string): RunRecord {
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    throw new UsageError(`${label}: not a run record: expected a JSON object`);
  }
  const version = (value as Record<string, unknown>)["version"];
  if (version !== RUN_RECORD_VERSION) {
    throw new UsageError(
      version === undefined
        ? `${label}: not a run record: no "version" field (write one with --reporter json)`
        : `${label}: run record version ${
          JSON.stringify(version)
        } is not supported; this mcptest reads version ${RUN_RECORD_VERSION}`,
    );
  }
  const problem = record(value, "");
  if (problem) throw new UsageError(`${label}: not a valid run record: ${problem}`);
  const parsed = value as RunRecord;
  const expected = summarize(parsed.tests);
  const wrong = counts.find((k) => parsed.summary[k] !== expected[k]);
  if (wrong) {
    throw new UsageError(
      `${label}: not a valid run record: summary.${wrong} is ${
        parsed.summary[wrong]
      } but its tests count ${expected[wrong]}`,
    );
  }
  return parsed;
}
