/** @module Compliance baselines: accepted failures that keep a build green, new failures and stale entries that do not. */

import { McptestError } from "../../0_base/errors/errors.ts";
import { ExitCode } from "../../0_base/errors/exit_codes.ts";
import type { TestResult } from "../../4_record/run_record.ts";
import { writeFileAtomic } from "../../0_base/util/write_output.ts";
import { JsonSyntaxError, readJsonFile } from "../../0_base/util/read_json_file.ts";

/** Version of the baseline file shape. */
export const BASELINE_VERSION = 1;

/** A baseline file: the ids of the compliance results accepted as failing. */
export interface ComplianceBaseline {
  /** Shape version of the file ({@link BASELINE_VERSION}). */
  readonly version: typeof BASELINE_VERSION;
  /** Result ids (`<file>::compliance::<server>::<RULE>` or `compliance::<version>::<RULE>`), sorted. */
  readonly accepted: readonly string[];
}

const failing = (r: TestResult) => r.status === "fail" || r.status === "error";

/** The baseline that accepts every failure of `results`. */
export function baselineOf(results: readonly TestResult[]): ComplianceBaseline {
  return {
    version: BASELINE_VERSION,
    accepted: results.filter((r) => r.kind === "compliance" && failing(r)).map((r) => r.id).sort(),
  };
}

/** Write a baseline atomically (pretty JSON, one id per line: reviewable in a diff). */
export async function writeBaseline(path: string, baseline: ComplianceBaseline): Promise<void> {
  await writeFileAtomic(path, JSON.stringify(baseline, null, 2) + "\n");
}

/**
 * Read a baseline file.
 * @throws {McptestError} exit 2 for a missing or malformed file (at `path:line:col` for bad JSON)
 */
export async function readBaseline(path: string): Promise<ComplianceBaseline> {
  let value: unknown;
  try {
    value = await readJsonFile(path, { detail: (reason) => `cannot parse baseline: ${reason}` });
  } catch (error) {
    if (error instanceof JsonSyntaxError) throw error;
    throw new McptestError(
      `cannot read baseline ${path}: ${
        (error as Error).message
      } (create one with mcptest compliance baseline)`,
      ExitCode.ConfigError,
    );
  }
  const v = value as Partial<ComplianceBaseline>;
  if (
    v === null || typeof v !== "object" || v.version !== BASELINE_VERSION ||
    !Array.isArray(v.accepted) ||
    !v.accepted.every((id) => typeof id === "string")
  ) {
    throw new McptestError(
      `cannot use baseline ${path}: expected {"version": ${BASELINE_VERSION}, "accepted": ["<result id>", ...]}`,
      ExitCode.ConfigError,
    );
  }
  return { version: BASELINE_VERSION, accepted: v.accepted };
}

/**
 * Apply a baseline: an accepted failure becomes a skip (known failure), a new failure stays, and an
 * accepted id whose rule now passes fails as stale, so the baseline cannot rot.
 */
export function applyBaseline(
  results: readonly TestResult[],
  baseline: ComplianceBaseline,
  label: string,
): TestResult[] {
  const accepted = new Set(baseline.accepted);
  return results.map((result) => {
    if (result.kind !== "compliance" || !accepted.has(result.id)) return result;
    if (failing(result)) {
      return { ...result, status: "skip", skipReason: `known failure, accepted in ${label}` };
    }
    if (result.status === "pass") {
      return {
        ...result,
        status: "fail",
        failure: {
          message:
            `stale baseline entry: this rule now passes; remove "${result.id}" from ${label}`,
        },
      };
    }
    return result;
  });
}
