/** @module The `compliance:` blocks of a suite, then their gates: the one sequence `runSuite` and `runComplianceSuite` share. */

import type { Suite } from "../../3_load/config/types.ts";
import type { ComplianceBlock } from "../../3_load/config/compliance_block.ts";
import type { TestResult } from "../../4_record/run_record.ts";
import { type RunBlocksOptions, runComplianceBlocks } from "./run_blocks.ts";
import { evaluateGates, type GradeBaselines } from "./gates/run_gates.ts";

/** How {@link runBlocksAndGates} runs: how the blocks run, plus the grade files read beforehand. */
export interface BlocksAndGatesOptions extends RunBlocksOptions {
  /**
   * The grade files of the `grade_delta:` blocks, read before any server started
   * (`readGradeBaselines`, so a malformed one fails first); read now when absent.
   */
  readonly gradeBaselines?: GradeBaselines;
}

/** What the blocks and their gates produced. */
export interface BlocksAndGatesResults {
  /** One result per rule entry, in block and entry order, raw (before a known-failure baseline). */
  readonly rules: readonly TestResult[];
  /** One result per gate, in block order (its `spec_version_check:`, then its `grade_delta:` rows). */
  readonly gates: readonly TestResult[];
}

/**
 * Run every block's rules, then evaluate every block's gates over those results.
 *
 * @param suite the suite the blocks belong to (its servers)
 * @param blocks the blocks to run (the suite's `compliance:` blocks)
 * @returns the rule results and the gate results, apart (`--save-grade` grades the rules alone)
 * @throws {ConfigError} a malformed grade file, when `gradeBaselines` is not given
 */
export async function runBlocksAndGates(
  suite: Suite,
  blocks: readonly ComplianceBlock[],
  options: BlocksAndGatesOptions,
): Promise<BlocksAndGatesResults> {
  const { gradeBaselines, ...run } = options;
  const rules = await runComplianceBlocks(suite, blocks, run);
  const gates = await evaluateGates(blocks, {
    results: rules,
    servers: suite.servers,
    ...(gradeBaselines ? { gradeBaselines } : {}),
  });
  return { rules, gates };
}
