/** @module Evaluates the `spec_version_check:` gates of compliance blocks into results (one PASS/FAIL line each). */

import { ConfigError } from "../errors/errors.ts";
import type { TestResult } from "../report/run_record.ts";
import type { ComplianceBlock } from "./suite_block.ts";

/**
 * One gate result per block that has a `spec_version_check:`.
 * @throws {ConfigError} while the gate is not part of this build
 */
export function evaluateGates(blocks: readonly ComplianceBlock[]): TestResult[] {
  const gated = blocks.find((block) => block.check !== undefined);
  if (gated?.check) {
    throw new ConfigError(
      "spec_version_check: is not supported by this build yet",
      gated.check.pos,
    );
  }
  return [];
}
