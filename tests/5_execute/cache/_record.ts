/** @module The run record the cache tests hand the result cache: their tests, summarised. */

import type { RunRecord, TestResult } from "../../../src/4_record/run_record.ts";
import { summarize } from "../../../src/4_record/summary.ts";

/** A minimal run record of `tests` (one file, no servers). */
export const recordOf = (tests: TestResult[]): RunRecord => ({
  version: 1,
  tool: { name: "mcptest", version: "x" },
  startedAt: "T",
  durationMs: 0,
  files: ["s.yml"],
  servers: [],
  tests,
  summary: summarize(tests),
});
