/** @module The exit code of a finished run when several apply: 5 (cost cap) > 6 (coverage, drift) > 1 (failures) > 0. */

import { ExitCode } from "../0_base/errors/exit_codes.ts";
import type { RunRecord } from "./run_record.ts";

/**
 * The exit code of a run record (docs/agents.md, "Exit codes"). A tripped cost cap (5) ranks
 * first: the run is incomplete and money was at stake. Then a coverage or drift gate (6): the
 * suite ran but the gate the user asked for failed. Then test failures (1). Exit 7 (no tests)
 * and 2 (config) are decided before a record exists.
 */
export function runExitCode(record: RunRecord): ExitCode {
  if (record.cost?.capTripped) return ExitCode.Refused;
  if (
    record.tests.some((t) => (t.kind === "drift" || t.kind === "coverage") && t.status !== "pass")
  ) {
    return ExitCode.Coverage;
  }
  const { failed, errored } = record.summary;
  return failed + errored > 0 ? ExitCode.TestsFailed : ExitCode.Ok;
}
