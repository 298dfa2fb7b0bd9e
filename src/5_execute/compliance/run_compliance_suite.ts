/** @module `runComplianceSuite`: the whole of `mcptest compliance run` as one call: a suite's blocks and gates, or one server's rules, as a run record. */

import { importLater } from "../../0_base/util/import_later.ts";
import { UsageError } from "../../0_base/errors/errors.ts";
import { VERSION } from "../../0_base/version.ts";
import type { ServerSpec, Suite } from "../../3_load/config/types.ts";
import { redactCapture, redactRecord } from "../../4_record/redact_record.ts";
import { RUN_RECORD_VERSION, type RunRecord, type TestResult } from "../../4_record/run_record.ts";
import { summarize } from "../../4_record/summary.ts";
import { captureFileValue } from "../../2_connect/session/capturing_connect.ts";
import type { CaptureSession, Session } from "../../2_connect/session/types.ts";
import { writeFileAtomic } from "../../0_base/util/write_output.ts";
import { applyBaseline, readBaseline } from "./baseline.ts";
import {
  type CompliancePlan,
  complianceTargetResults,
  type GradedBlocks,
  type RevisionUnavailable,
} from "./compliance_targets.ts";
import type { SavedGrade } from "./gates/grade_save.ts";
import type { ComplianceCorpus } from "../../3_load/compliance_corpus/types.ts";
import type { SafeTool } from "../../3_load/config/safe_tool.ts";

export type { RevisionUnavailable } from "./compliance_targets.ts";

/** What {@link runComplianceSuite} runs: the flags of `mcptest compliance run`, as data. */
export interface ComplianceSuiteOptions {
  /**
   * A suite already loaded: its `compliance:` blocks and their gates run. Without `suite` and
   * `server`, the suite is loaded from `fromSuite`, else from the project (as `mcptest run`
   * finds it: mcptest.yml, else tests/**\/*.yml).
   */
  readonly suite?: Suite;
  /** `--from-suite FILE`: the test file whose `compliance:` blocks run. */
  readonly fromSuite?: string;
  /** `--server TARGET`, parsed: every rule of `revision` runs against this one server. */
  readonly server?: ServerSpec;
  /**
   * `--target-version` (alias `--spec-version`), with `server`: the corpus revision (`v2025-06-18`, `2025-06-18`, `draft`);
   * default: the newest revision the server negotiates (its session is reused).
   */
  readonly revision?: string;
  /** Working directory the suite is loaded from; default `Deno.cwd()`. */
  readonly cwd?: string;
  /** `--var KEY=VALUE` (repeatable), for loading the suite. */
  readonly vars?: readonly string[];
  /** `--env-file PATH` (repeatable), for loading the suite. */
  readonly envFiles?: readonly string[];
  /**
   * `--baseline FILE`: accepted failures (from `compliance baseline`), read before any server
   * starts: a known failure is a skip, a stale entry (its rule passes now) fails.
   */
  readonly baseline?: string;
  /**
   * `--save-grade [PATH]`, for a suite (not `server`): save each server's grade, to PATH or
   * (`true`) to each block's `grade_delta:` baseline.
   */
  readonly saveGrade?: string | true;
  /** `--capture FILE`: write every session's capture there (seed 003), redacted. */
  readonly captureFile?: string;
  /** Opens a session; default: a live connection (its stderr tail hides the run's secrets). */
  readonly connect?: (server: ServerSpec) => Promise<Session>;
  /** mcptest's version, for the record; default: this package's version. */
  readonly toolVersion?: string;
  /**
   * `--registry FILE`, loaded (`loadCorpusDir`): with `server`, run this corpus instead of the
   * embedded one. A suite's `compliance:` blocks always use the embedded corpus.
   */
  readonly corpus?: ComplianceCorpus;
  /**
   * `--safe-tool NAME[=JSON]` (repeatable), parsed: the tools the capability rules (ELICIT, SAMPLE,
   * ROOTS) may call, with their arguments. For a suite they replace each block's `safe_tools:`;
   * none anywhere: the tools annotated read-only that name the capability (docs/compliance.md).
   */
  readonly safeTools?: readonly SafeTool[];
}

/** What a compliance run produced: the record, and what the CLI says beside the report. */
export interface ComplianceSuiteRun {
  /** Every rule and gate result (a baseline applied), redacted; no test when no rule ran. */
  readonly record: RunRecord;
  /**
   * Set when the server does not speak the revision asked for: no rule ran, and `line` says so
   * (`mcptest compliance run` prints it and exits 7).
   */
  readonly revisionUnavailable?: RevisionUnavailable;
  /** With `server` and no `revision`: the revision picked, the newest the server negotiates. */
  readonly pickedRevision?: string;
  /** With `saveGrade`: the grades written, and the servers left out (no rule reached a verdict). */
  readonly grades?: { readonly saved: readonly SavedGrade[]; readonly ungraded: readonly string[] };
}

/**
 * Run compliance rules and return their run record: the `compliance:` blocks of a suite followed
 * by their gates (the same sequence `runSuite` runs), or, with `server`, every rule of one
 * revision. `mcptest compliance run` is this call plus flags, the report and an exit code.
 *
 * @returns the record (exit 1 when a result failed or errored), and what else the CLI prints
 * @throws {UsageError} both `server` and `fromSuite`; `saveGrade` with `server`; a suite without a
 *   `compliance:` block
 * @throws {ConfigError} a bad suite, baseline file, grade file or revision name
 * @example Run the compliance block of an example suite
 * ```ts ignore
 * import { runComplianceSuite } from "@mcptest/cli";
 *
 * const { record } = await runComplianceSuite({ fromSuite: "examples/compliance.yml" });
 * console.log(record.summary.failed);
 * ```
 */
export async function runComplianceSuite(
  options: ComplianceSuiteOptions = {},
): Promise<ComplianceSuiteRun> {
  const started = performance.now();
  const startedAt = new Date().toISOString();
  if (options.saveGrade !== undefined && options.server !== undefined) {
    throw new UsageError(
      "--save-grade needs --from-suite, or the project's suites without --server: grades are saved under the suite's server names",
    );
  }
  const baseline = options.baseline === undefined
    ? undefined
    : await readBaseline(options.baseline);
  const captures: CaptureSession[] = [];
  const found = await complianceTargetResults(planOf(options), captures);
  const picked = found.pickedRevision ? { pickedRevision: found.pickedRevision } : {};
  const at = { started, startedAt, toolVersion: options.toolVersion ?? VERSION };
  const recordOf = (tests: readonly TestResult[]) =>
    redactRecord(complianceRecord(tests, found.files, at), found.secrets);
  if (found.revisionUnavailable) {
    return { record: recordOf([]), revisionUnavailable: found.revisionUnavailable, ...picked };
  }
  if (options.captureFile !== undefined) {
    const value = redactCapture(captureFileValue(captures), found.secrets);
    await writeFileAtomic(options.captureFile, JSON.stringify(value, null, 2) + "\n");
  }
  const grades = options.saveGrade !== undefined && found.graded
    ? { grades: await saveGradesOf(found.graded, options.saveGrade) }
    : {};
  const tests = baseline ? applyBaseline(found.tests, baseline, options.baseline!) : found.tests;
  return { record: recordOf(tests), ...picked, ...grades };
}

/** The options as the target step needs them. */
function planOf(options: ComplianceSuiteOptions): CompliancePlan {
  if (options.fromSuite !== undefined && options.server !== undefined) {
    throw new UsageError("use either --from-suite or --server, not both");
  }
  if (options.corpus !== undefined && options.server === undefined) {
    throw new UsageError(
      "--registry needs --server: a suite's compliance: blocks run the embedded corpus",
    );
  }
  const { saveGrade: _s, baseline: _b, captureFile: _c, ...plan } = options;
  return { ...plan, toolVersion: options.toolVersion ?? VERSION };
}

/** A compliance run's record: its results, no server entries (rules report their own). */
export function complianceRecord(
  tests: readonly TestResult[],
  files: readonly string[],
  at: { readonly started: number; readonly startedAt: string; readonly toolVersion: string },
): RunRecord {
  return {
    version: RUN_RECORD_VERSION,
    tool: { name: "mcptest", version: at.toolVersion },
    startedAt: at.startedAt,
    durationMs: Math.round(performance.now() - at.started),
    files: [...files],
    servers: [],
    tests: [...tests],
    summary: summarize(tests),
  };
}

/** `--save-grade`: write each server's grade of the raw rule results. */
async function saveGradesOf(
  graded: GradedBlocks,
  saveGrade: string | true,
): Promise<{ saved: SavedGrade[]; ungraded: string[] }> {
  const { saveGrades } = await importLater<typeof import("./gates/grade_save.ts")>(
    import.meta.url,
    "./gates/grade_save.ts",
  );
  return await saveGrades(graded.blocks, {
    results: graded.rules,
    servers: graded.servers,
    ...(typeof saveGrade === "string" ? { path: saveGrade } : {}),
  });
}
