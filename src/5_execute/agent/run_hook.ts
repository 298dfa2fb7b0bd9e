/** @module The agent stage of runSuite: agent rows, evals, drift and coverage rows merged into the record (loaded lazily). */

import { importLater } from "../../0_base/util/import_later.ts";
import type { ServerSpec, Suite, TestCase } from "../../3_load/config/types.ts";
import type { RunRecord } from "../../4_record/run_record.ts";
import { summarize } from "../../4_record/summary.ts";
import type { Session } from "../../2_connect/session/types.ts";
import type { RunAgentsOptions } from "./run_agents.ts";

/** The agent options of `mcptest run`, as data: those of the rows (less `connect`), plus the gates. */
export interface AgentStageOptions extends Omit<RunAgentsOptions, "connect"> {
  /** `--coverage-threshold` (percent, 0 to 100). */
  readonly coverageThreshold?: number;
  /** `--drift-baseline`: a saved run record; agent rows whose verdict changed against it get DRIFT rows. */
  readonly driftBaseline?: { readonly record: RunRecord; readonly label: string };
}

/**
 * Run the suite's agents and evals (when it has any) and the coverage gate (when a threshold is
 * given), and return a function that merges their rows and the run's cost into a record.
 */
export async function runAgentStage(
  suite: Suite,
  selected: readonly TestCase[],
  connect: (server: ServerSpec) => Promise<Session>,
  options: AgentStageOptions,
): Promise<(record: RunRecord) => RunRecord> {
  if (!suite.agent && options.coverageThreshold === undefined) return (record) => record;
  const started = performance.now();
  const { runAgents } = await importLater<typeof import("./run_agents.ts")>(
    import.meta.url,
    "./run_agents.ts",
  );
  const run = await runAgents(suite, { connect, ...options });
  const rows = [...run.tests];
  if (options.driftBaseline) {
    const { baselineDriftRows } = await importLater<typeof import("./drift.ts")>(
      import.meta.url,
      "./drift.ts",
    );
    for (const row of baselineDriftRows(run.tests, options.driftBaseline)) {
      rows.push(row);
      options.onResult?.(row);
    }
  }
  if (options.coverageThreshold !== undefined) {
    const { coverageRows, exercisedBy } = await importLater<typeof import("./coverage.ts")>(
      import.meta.url,
      "./coverage.ts",
    );
    const exercised = exercisedBy(suite, new Set(selected.map((t) => t.id)), run.exercised);
    for (const row of await coverageRows(suite, exercised, options.coverageThreshold, connect)) {
      rows.push(row);
      options.onResult?.(row);
    }
  }
  // The stage runs after the tests: its wall time adds to theirs (an agent-only run is not 0 s).
  const elapsed = Math.round(performance.now() - started);
  return (record) => {
    const tests = [...record.tests, ...rows];
    return {
      ...record,
      tests,
      summary: summarize(tests),
      durationMs: record.durationMs + elapsed,
      ...(suite.agent ? { cost: run.cost } : {}),
    };
  };
}
