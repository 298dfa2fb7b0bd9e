/** @module Evaluates the `spec_version_check:` gates of compliance blocks into results (one PASS/FAIL line each). */

import type { TestResult } from "../report/run_record.ts";
import { COMPLIANCE_CORPUS } from "./embedded.ts";
import { evaluateSpecVersionCheck } from "./spec_version_gate.ts";
import type { ComplianceBlock } from "./suite_block.ts";

/** One gate result per block that has a `spec_version_check:`, against the embedded corpus. */
export async function evaluateGates(blocks: readonly ComplianceBlock[]): Promise<TestResult[]> {
  const gated = blocks.filter((block) => block.check !== undefined);
  return await Promise.all(
    gated.map((block) => evaluateSpecVersionCheck(block, COMPLIANCE_CORPUS)),
  );
}
