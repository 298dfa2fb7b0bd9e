/** @module Stage 4 of `runSuite`, agents: agent rows, evals, drift and coverage rows, run after the tests. */

import type { TestCase } from "../../3_load/config/types.ts";
import type { RunRecord } from "../../4_record/run_record.ts";
import { runAgentStage } from "../agent/run_hook.ts";
import { nameFilter } from "../runner/select.ts";
import type { SuiteRun } from "./run_context.ts";

/** Merges the agent stage's rows (and the run's model spending) into a record. */
export type AgentRows = (record: RunRecord) => RunRecord;

/**
 * Run the suite's agents and evals (`--filter` applies to row names) and the coverage and drift
 * gates; agent cassettes follow the run's cassette mode (docs/agents.md).
 * @param selected the selected tests (coverage counts what they exercise)
 */
export async function agentsStage(
  run: SuiteRun,
  selected: readonly TestCase[],
): Promise<AgentRows> {
  const { options } = run;
  return await runAgentStage(run.suite, selected, run.connect, {
    ...(options.filter !== undefined ? { select: rowFilter(options.filter) } : {}),
    ...(options.agents ?? {}),
    cassettes: { mode: run.mode, cwd: run.cwd, recordedWith: `mcptest ${run.toolVersion}` },
    updateSnapshots: run.updateSnapshots,
    ci: run.ci,
    ...(options.onResult ? { onResult: options.onResult } : {}),
  });
}

/** `--filter` on a row name (agent and eval rows are not TestCases). */
export function rowFilter(pattern: string): (name: string) => boolean {
  const select = nameFilter(pattern);
  return (name) => select({ name } as TestCase);
}
