/**
 * Protocol compliance (seed 000): the embedded rule corpus per revision, one rule run
 * ({@link runCompliance}), a whole `compliance run` as one call returning its run record
 * ({@link runComplianceSuite}), baselines, revision diffs, grades and their gates, and the session
 * invariants of a capture (seed 003).
 *
 * @example List the revisions the embedded corpus covers
 * ```ts
 * import { CORPUS_VERSIONS } from "@mcptest/cli/compliance";
 *
 * console.log(CORPUS_VERSIONS);
 * ```
 *
 * @module
 */

export { runCompliance } from "../src/5_execute/compliance/run_compliance.ts";
export { validateComplianceVersion } from "../src/3_load/compliance_corpus/versions.ts";
export type {
  ComplianceRun,
  RunComplianceOptions,
} from "../src/5_execute/compliance/run_compliance.ts";
export { COMPLIANCE_CORPUS } from "../src/3_load/compliance_corpus/embedded.ts";
export { loadCorpusDir } from "../src/3_load/compliance_corpus/load_dir.ts";
export type { LoadCorpusOptions } from "../src/3_load/compliance_corpus/load_dir.ts";
export { CORPUS_VERSIONS } from "../src/3_load/compliance_corpus/versions.ts";
export { applyBaseline, baselineOf } from "../src/5_execute/compliance/baseline.ts";
export type { BASELINE_VERSION, ComplianceBaseline } from "../src/5_execute/compliance/baseline.ts";
export {
  diffCorpusVersions,
  diffVersions,
  VersionDiff,
} from "../src/3_load/compliance_corpus/revision_diff.ts";
export type {
  DiffBucket,
  DiffEntry,
  DiffSummary,
} from "../src/3_load/compliance_corpus/revision_diff.ts";
export { evaluateSpecVersionCheck } from "../src/5_execute/compliance/gates/spec_version_gate.ts";
export {
  compareGrades,
  computeGrade,
  gradeLetter,
} from "../src/5_execute/compliance/gates/grade.ts";
export type {
  Grade,
  GradeComparison,
  GradeLetter,
} from "../src/5_execute/compliance/gates/grade.ts";
export type {
  GRADE_FILE_VERSION,
  GradeFile,
  GradeFileEntry,
} from "../src/5_execute/compliance/gates/grade_file.ts";
export type {
  Citation,
  ComplianceCorpus,
  ComplianceVersion,
  HttpRequestSpec,
  RegistryEntry,
  RevisionCorpus,
  RuleExpectation,
  RuleProbe,
  RuleRequirement,
  RuleSetup,
  RuleSeverity,
  RuleSpec,
  SetupPick,
} from "../src/3_load/compliance_corpus/types.ts";

export { checkInvariants, renderInvariants } from "../src/5_execute/compliance/invariants/check.ts";
export { parseCapture, readCapture } from "../src/5_execute/compliance/invariants/capture_file.ts";
export type {
  CapturedExchange,
  CapturedSession,
  Hazard,
  InvariantReport,
  InvariantResult,
} from "../src/5_execute/compliance/invariants/types.ts";
export { runComplianceSuite } from "../src/5_execute/compliance/run_compliance_suite.ts";
export type {
  ComplianceSuiteOptions,
  ComplianceSuiteRun,
} from "../src/5_execute/compliance/run_compliance_suite.ts";
export type { SavedGrade } from "../src/5_execute/compliance/gates/grade_save.ts";
export type { RevisionUnavailable } from "../src/5_execute/compliance/compliance_targets.ts";

// The shared types (suite, server, session, record, matcher, error).
export * from "./core_types.ts";
