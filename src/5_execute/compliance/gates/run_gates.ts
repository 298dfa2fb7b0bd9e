/** @module Evaluates the gates of compliance blocks (`spec_version_check:`, `grade_delta:`) into results (one PASS/FAIL line each). */

import type { ServerSpec } from "../../../3_load/config/types.ts";
import type { TestResult } from "../../../4_record/run_record.ts";
import { COMPLIANCE_CORPUS } from "../../../3_load/compliance_corpus/embedded.ts";
import { type GradeFile, readGradeFile } from "./grade_file.ts";
import { evaluateGradeDelta } from "./grade_gate.ts";
import { evaluateSpecVersionCheck } from "./spec_version_gate.ts";
import type { ComplianceBlock } from "../../../3_load/config/compliance_block.ts";

/** Grade files by path, as read before the run (undefined: the file does not exist yet). */
export type GradeBaselines = ReadonlyMap<string, GradeFile | undefined>;

/** What the gates need from the run. */
export interface GateContext {
  /** The run's compliance results, raw: before a known-failure baseline (`--baseline`) is applied. */
  readonly results: readonly TestResult[];
  /** The suite's servers by key (the grade file names servers by their name). */
  readonly servers: Readonly<Record<string, ServerSpec>>;
  /** The grade files of the `grade_delta:` blocks ({@link readGradeBaselines}); read now when absent. */
  readonly gradeBaselines?: GradeBaselines;
}

/**
 * Read the baseline grade file of every `grade_delta:` block, so a malformed one fails the run
 * (exit 2) before any server starts.
 * @throws {ConfigError} a malformed or unreadable grade file
 */
export async function readGradeBaselines(
  blocks: readonly ComplianceBlock[],
): Promise<GradeBaselines> {
  const paths = new Set(blocks.flatMap((b) => b.gradeDelta ? [b.gradeDelta.baseline] : []));
  const files = new Map<string, GradeFile | undefined>();
  for (const path of paths) files.set(path, await readGradeFile(path));
  return files;
}

/**
 * The gate results of every block, in block order: its `spec_version_check:` (against the embedded
 * corpus), then one `grade_delta:` result per server (against this run's compliance results).
 */
export async function evaluateGates(
  blocks: readonly ComplianceBlock[],
  context: GateContext,
): Promise<TestResult[]> {
  const baselines = context.gradeBaselines ?? await readGradeBaselines(blocks);
  const serverName = (key: string) => context.servers[key]?.name ?? key;
  const out: TestResult[] = [];
  for (const block of blocks) {
    if (block.check !== undefined) {
      out.push(await evaluateSpecVersionCheck(block, COMPLIANCE_CORPUS));
    }
    if (block.gradeDelta !== undefined) {
      const path = block.gradeDelta.baseline;
      const baseline = baselines.has(path) ? baselines.get(path) : await readGradeFile(path);
      out.push(
        ...await evaluateGradeDelta(block, { results: context.results, baseline, serverName }),
      );
    }
  }
  return out;
}
