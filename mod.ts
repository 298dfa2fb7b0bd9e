/**
 * mcptest: a CI-grade test runner for MCP (Model Context Protocol) servers, as a library.
 *
 * The pipeline is Load -> Connect -> Execute -> Report: {@link loadSuite} turns YAML into a
 * {@link Suite}, {@link prepareTests} compiles its matchers, {@link runTests} runs them over one
 * {@link Session} per server (opened with {@link connect}) and returns a {@link RunRecord}, which
 * {@link getReporter} renders.
 *
 * @example Run a suite and print the pretty report
 * ```ts ignore
 * import { connect, getReporter, loadSuite, prepareTests, runTests } from "@mcptest/cli";
 *
 * const suite = await loadSuite({ paths: ["examples/getting-started.yml"], cwd: Deno.cwd() });
 * const record = await runTests(suite, prepareTests(suite), {
 *   connect: (server) => connect(server),
 *   toolVersion: "library",
 * });
 * const pretty = await getReporter("pretty");
 * console.log(await pretty(record, { color: false }));
 * ```
 *
 * @example Score a conformance result into a tier
 * ```ts
 * import { scoreTier } from "@mcptest/cli";
 *
 * const tier = scoreTier({
 *   must: { passed: 10, total: 10 },
 *   should: { passed: 4, total: 5 },
 *   may: { passed: 0, total: 2 },
 * });
 * console.log(tier.tier, tier.badge);
 * ```
 *
 * @module
 */

// LOAD
export { loadSuite } from "./src/config/load_suite.ts";
export type { LoadOptions } from "./src/config/load_suite.ts";
export type {
  Assertion,
  Budget,
  Call,
  LoadedDocument,
  MatcherSpec,
  ServerSpec,
  ServerTarget,
  Suite,
  TargetSource,
  TestCase,
} from "./src/config/types.ts";

// CONNECT
export { connect } from "./src/session/connect.ts";
export type { ConnectOptions } from "./src/session/connect.ts";
export type { CaptureSession, Exchange, Session } from "./src/session/types.ts";
export { findRevision, LATEST_REVISION, REVISIONS } from "./src/protocol/revisions.ts";
export type { Revision, RevisionInfo } from "./src/protocol/revisions.ts";

// EXECUTE
export { prepareTests } from "./src/runner/prepare.ts";
export type { PreparedAssertion, PreparedTest } from "./src/runner/prepare.ts";
export { runTests } from "./src/runner/run.ts";
export type { RunOptions } from "./src/runner/run.ts";
export { compileMatcher, MATCHER_NAMES } from "./src/matchers/registry.ts";
export { parseTarget, resolveTarget } from "./src/matchers/target_path.ts";
export type { Resolution, TargetPath } from "./src/matchers/target_path.ts";
export type { Matcher, MatchOutcome } from "./src/matchers/types.ts";

// REPORT
export { getReporter, REPORTERS } from "./src/report/reporters.ts";
export type { Reporter, ReporterOptions } from "./src/report/reporters.ts";
export { RUN_RECORD_VERSION } from "./src/record/run_record.ts";
export { renderJunit } from "./src/report/junit.ts";
export { renderTap } from "./src/report/tap.ts";
export { renderSarif } from "./src/report/sarif.ts";
export { renderMarkdown } from "./src/report/markdown.ts";
export { renderHtml } from "./src/report/html.ts";
export { renderAnnotations, shouldAnnotate } from "./src/report/annotations.ts";
export type { AnnotationMode, EnvLookup } from "./src/report/annotations.ts";
export { mergeRecords } from "./src/record/merge.ts";
export { checkRunRecord, parseRunRecord } from "./src/record/validate.ts";
export type {
  AssertionResult,
  BudgetResult,
  RunRecord,
  RunSummary,
  ServerRecord,
  Status,
  TestResult,
} from "./src/record/run_record.ts";

// COMPLIANCE
export { runCompliance, validateComplianceVersion } from "./src/compliance/run_compliance.ts";
export type { ComplianceRun, RunComplianceOptions } from "./src/compliance/run_compliance.ts";
export { COMPLIANCE_CORPUS } from "./src/compliance/corpus/embedded.ts";
export { CORPUS_VERSIONS } from "./src/compliance/corpus/versions.ts";
export { applyBaseline, baselineOf } from "./src/compliance/baseline.ts";
export type { ComplianceBaseline } from "./src/compliance/baseline.ts";
export {
  diffCorpusVersions,
  diffVersions,
  VersionDiff,
} from "./src/compliance/corpus/version_diff.ts";
export type { DiffBucket, DiffEntry, DiffSummary } from "./src/compliance/corpus/version_diff.ts";
export {
  evaluateSpecVersionCheck,
  GATE_TARGETS,
} from "./src/compliance/gates/spec_version_gate.ts";
export {
  compareGrades,
  computeGrade,
  GRADE_WEIGHTS,
  gradeLetter,
} from "./src/compliance/gates/grade.ts";
export type { Grade, GradeComparison, GradeLetter } from "./src/compliance/gates/grade.ts";
export { GRADE_TARGETS } from "./src/compliance/gates/grade_block.ts";
export type { GradeFile, GradeFileEntry } from "./src/compliance/gates/grade_file.ts";
export type {
  ComplianceCorpus,
  RegistryEntry,
  RevisionCorpus,
  RuleExpectation,
  RuleProbe,
  RuleSeverity,
  RuleSpec,
} from "./src/compliance/corpus/types.ts";

// INVARIANTS (seed 003)
export { checkInvariants, renderInvariants } from "./src/compliance/invariants/check.ts";
export { parseCapture, readCapture } from "./src/compliance/invariants/capture_file.ts";
export type {
  CapturedExchange,
  CapturedSession,
  Hazard,
  InvariantReport,
  InvariantResult,
} from "./src/compliance/invariants/types.ts";

// CONFORMANCE
export { scoreTier, TIER2_RATE } from "./src/conformance/tier.ts";
export type { Badge, SeverityCount, Tier, TierInput, TierResult } from "./src/conformance/tier.ts";
export { runConformance } from "./src/conformance/run_conformance.ts";
export type { RunConformanceOptions } from "./src/conformance/run_conformance.ts";
export type { ConformanceResult } from "./src/conformance/result.ts";

// MIGRATION (2026-07-28)
export { checkResourceErrorCode } from "./src/migration/check_resource_error_code.ts";
export {
  migrationExitCode,
  renderMigrationRows,
  runMigrationProbe,
} from "./src/doctor/migration_probe.ts";
export { MIGRATION_CORPUS } from "./src/migration/corpus.ts";
export type { CodeCheck, MigrationEntry, MigrationRow } from "./src/migration/types.ts";

// DOCTOR
export { diagnoseServer } from "./src/doctor/diagnose_server.ts";
export type { DoctorResult } from "./src/doctor/diagnose_server.ts";
export type { LayerName, LayerResult, ServerDiagnosis } from "./src/doctor/types.ts";

// ERRORS AND EXIT CODES
export { ConformanceExitCode, ExitCode } from "./src/errors/exit_codes.ts";
export { ConfigError, ConfigErrors, McptestError, UsageError } from "./src/errors/errors.ts";
export type { SourcePos } from "./src/errors/errors.ts";
