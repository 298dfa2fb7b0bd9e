/** @module Stage 5 of `runSuite`, blocks and gates: the suite's `compliance:` blocks over live sessions, then their gates. */

import { importLater } from "../../0_base/util/import_later.ts";
import type { ComplianceBlock } from "../../3_load/config/compliance_block.ts";
import type { TestResult } from "../../4_record/run_record.ts";
import type { GradeBaselines } from "../compliance/gates/run_gates.ts";
import { rowFilter } from "./agents_stage.ts";
import type { SuiteRun } from "./run_context.ts";

/** The blocks of a run, with the grade files their gates compare against (read before any server starts). */
export interface PendingBlocks {
  readonly blocks: readonly ComplianceBlock[];
  readonly gradeBaselines: GradeBaselines;
}

/** What the blocks and gates added to the run. */
export interface BlockResults {
  /** The rule results, then the gate results. */
  readonly tests: readonly TestResult[];
  /** How long the blocks and gates took. */
  readonly durationMs: number;
}

/**
 * Read the grade files of the suite's `grade_delta:` blocks, so a malformed one fails the run
 * (exit 2) before any server starts; `undefined` when the suite has no `compliance:` block (the
 * compliance engine is then never loaded).
 * @throws {ConfigError} a malformed or unreadable grade file
 */
export async function pendingBlocks(run: SuiteRun): Promise<PendingBlocks | undefined> {
  const blocks = run.suite.compliance ?? [];
  if (blocks.length === 0) return undefined;
  const { readGradeBaselines } = await importLater<
    typeof import("../compliance/gates/run_gates.ts")
  >(import.meta.url, "../compliance/gates/run_gates.ts");
  return { blocks, gradeBaselines: await readGradeBaselines(blocks) };
}

/**
 * Run the blocks (their entries filtered by `--filter`) over live sessions that keep their
 * exchanges, sharing the run's credentials, then evaluate their gates.
 */
export async function blocksStage(run: SuiteRun, pending: PendingBlocks): Promise<BlockResults> {
  const { runBlocksAndGates } = await importLater<
    typeof import("../compliance/run_blocks_and_gates.ts")
  >(import.meta.url, "../compliance/run_blocks_and_gates.ts");
  const started = performance.now();
  const { rules, gates } = await runBlocksAndGates(run.suite, pending.blocks, {
    connect: run.connectLive,
    ...(run.options.filter !== undefined ? { select: rowFilter(run.options.filter) } : {}),
    auth: run.auth,
    gradeBaselines: pending.gradeBaselines,
  });
  return { tests: [...rules, ...gates], durationMs: Math.round(performance.now() - started) };
}
