/** @module The replay marks `runSuite` puts on its record: the tests of the servers a cassette answered. */

import type { RunRecord } from "../../4_record/run_record.ts";
import { summarize } from "../../4_record/summary.ts";
import { replayedResult } from "./replay_results.ts";

/** The record with every test of a replayed server marked (see {@link replayedResult}). */
export function markReplayed(record: RunRecord, replayed: ReadonlyMap<string, string>): RunRecord {
  if (replayed.size === 0) return record;
  const tests = record.tests.map((t) => replayed.has(t.server) ? replayedResult(t) : t);
  return { ...record, tests, summary: summarize(tests) };
}
