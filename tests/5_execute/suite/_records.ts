/** @module Plain results and records for the unit tests of runSuite's record stages. */

import {
  RUN_RECORD_VERSION,
  type RunRecord,
  type Status,
  type TestResult,
} from "../../../src/4_record/run_record.ts";
import { summarize } from "../../../src/4_record/summary.ts";

/** One result of `kind` on `server`. */
export function resultOf(
  name: string,
  status: Status = "pass",
  extra: Partial<TestResult> = {},
): TestResult {
  return {
    id: `suite.yml::tool::${name}`,
    name,
    kind: "tool",
    server: "s",
    file: "suite.yml",
    line: 1,
    col: 1,
    status,
    durationMs: 1,
    assertions: [],
    budgets: [],
    ...extra,
  };
}

/** A record of `tests` that took `durationMs`. */
export function recordOf(tests: readonly TestResult[], durationMs = 10): RunRecord {
  return {
    version: RUN_RECORD_VERSION,
    tool: { name: "mcptest", version: "test" },
    startedAt: "2026-01-01T00:00:00.000Z",
    durationMs,
    files: ["suite.yml"],
    servers: [],
    tests: [...tests],
    summary: summarize(tests),
  };
}
