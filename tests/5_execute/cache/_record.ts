/** @module The run record the cache tests hand the result cache: their tests, summarised. */

import type { TestCase } from "../../../src/3_load/config/types.ts";
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

/** The replayed pass of `test` on server `srv` (what a run that passes it records). */
export const passedOnSrv = (test: TestCase): TestResult => ({
  id: test.id,
  name: test.name,
  kind: "tool",
  server: "srv",
  file: test.file,
  line: test.pos.line,
  col: test.pos.col,
  status: "pass",
  durationMs: 1,
  assertions: [],
  budgets: [],
  replayed: true,
});
