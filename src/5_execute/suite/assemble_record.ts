/** @module Stage 6 of `runSuite`, assemble: the tests' record, the agent rows, the replay marks and the blocks' results as one record. */

import type { RunRecord } from "../../4_record/run_record.ts";
import { summarize } from "../../4_record/summary.ts";
import { markReplayed } from "../runner/replay_marks.ts";
import type { AgentRows } from "./agents_stage.ts";
import type { BlockResults } from "./blocks_stage.ts";

/** The parts of a run's record, each as its stage produced it (none redacted yet). */
export interface RecordParts {
  /** The record of the tests that ran. */
  readonly executed: RunRecord;
  /** Merges the agent stage's rows and the run's cost. */
  readonly agents: AgentRows;
  /** The servers whose tests replayed a cassette (by key), marked so in the record. */
  readonly replayed: ReadonlyMap<string, string>;
  /** The compliance blocks' and gates' results, when the suite has blocks. */
  readonly blocks?: BlockResults;
}

/**
 * One record: the tests, then the agent rows (replayed servers' rows marked), then the blocks'
 * rule and gate results; the summary counts them all, the duration adds the blocks' time.
 * Pure: nothing is redacted or stored here.
 */
export function assembleRecord(parts: RecordParts): RunRecord {
  const record = markReplayed(parts.agents(parts.executed), parts.replayed);
  if (!parts.blocks) return record;
  const tests = [...record.tests, ...parts.blocks.tests];
  return {
    ...record,
    tests,
    summary: summarize(tests),
    durationMs: record.durationMs + parts.blocks.durationMs,
  };
}
