/** @module The cassette hooks of `runSuite`: the connect of a run (replay / record / live) and the replay marks on its record. */

import type { RunRecord } from "../../4_record/run_record.ts";
import { summarize } from "../../4_record/summary.ts";
import { replayedResult } from "./replay_results.ts";

export {
  type CassetteConnector,
  cassetteConnector,
  type CassetteMode,
} from "../../2_connect/cassette/connect.ts";

/** The record with every test of a replayed server marked (see {@link replayedResult}). */
export function markReplayed(record: RunRecord, replayed: ReadonlyMap<string, string>): RunRecord {
  if (replayed.size === 0) return record;
  const tests = record.tests.map((t) => replayed.has(t.server) ? replayedResult(t) : t);
  return { ...record, tests, summary: summarize(tests) };
}
