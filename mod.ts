/**
 * mcptest: a CI-grade test runner for MCP (Model Context Protocol) servers, as a library.
 *
 * The pipeline is Load -> Connect -> Execute -> Report: {@link loadSuite} turns YAML into a
 * {@link Suite}; {@link runSuite} runs its tests, `compliance:` blocks and gates over one
 * {@link Session} per server and returns the finished {@link RunRecord}, exactly what
 * `mcptest run` writes; {@link getReporter} renders it. The parts stay callable on their own:
 * {@link prepareTests} and {@link runTests} (tests only), {@link connect}, {@link runCompliance},
 * {@link runConformance}. docs/library.md walks through each.
 *
 * @example Run a suite and print the pretty report
 * ```ts
 * import { getReporter, loadSuite, runSuite } from "@mcptest/cli";
 *
 * const suite = await loadSuite({ paths: ["examples/getting-started.yml"], cwd: Deno.cwd() });
 * const record = await runSuite(suite);
 * const pretty = await getReporter("pretty");
 * console.log(await pretty(record, { color: false }));
 * if (record.summary.failed > 0) throw new Error("the getting-started suite should pass");
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
export type { ReadTextFile } from "./src/config/variable_stack.ts";
export type {
  Assertion,
  Budget,
  Call,
  ExpectError,
  ListKind,
  LoadWarning,
  MatcherSpec,
  ServerSpec,
  Suite,
  TargetSource,
  TestCase,
  TestKind,
} from "./src/config/types.ts";
export type {
  ComplianceBlock,
  ComplianceEntry,
  SpecVersionCheckBlock,
} from "./src/config/compliance_block.ts";
export type { GradeDeltaBlock, GradeExpectation } from "./src/config/grade_delta_block.ts";
export type { NormalizeRule } from "./src/cassette/format.ts";
export type {
  AgentSuite,
  AgentTest,
  EvalTest,
  ModelPrice,
  ModelRef,
  ProviderFamily,
  SpendCaps,
} from "./src/agent/types.ts";

// CONNECT
export { connect } from "./src/session/connect.ts";
export type { ConnectAuth, ConnectOptions } from "./src/session/connect.ts";
export type { RequestAuth } from "./src/transport/_http.ts";
export type {
  CaptureSession,
  Exchange,
  FenceResult,
  FrameObserver,
  RequestOptions,
  ServerEndpoint,
  ServerMessage,
  Session,
} from "./src/session/types.ts";
export type { HttpTarget, InheritEnv, ServerTarget, StdioTarget } from "./src/transport/target.ts";
export type { FailureLayer, HttpInfo, HttpRedirect } from "./src/transport/types.ts";
export type {
  AuthConfig,
  AuthHeader,
  BearerAuth,
  HeadersAuth,
  OAuthConfig,
  OAuthGrant,
  TokenEndpointAuth,
} from "./src/auth/types.ts";
export type {
  JsonRpcErrorObject,
  JsonRpcId,
  JsonRpcMessage,
  JsonRpcNotification,
  JsonRpcRequest,
  JsonRpcResponse,
} from "./src/protocol/jsonrpc.ts";
export { findRevision, LATEST_REVISION, REVISIONS } from "./src/protocol/revisions.ts";
export type { Lifecycle, Revision, RevisionInfo } from "./src/protocol/revisions.ts";

// EXECUTE
export { runSuite } from "./src/runner/run_suite.ts";
export type { RunSuiteOptions } from "./src/runner/run_suite.ts";
export type { CassetteMode } from "./src/cassette/connect.ts";
export { LAST_FAILED_VERSION } from "./src/runner/last_failed.ts";
export type { LastFailedState } from "./src/runner/last_failed.ts";
export { RuntimeSecrets } from "./src/auth/runtime_secrets.ts";
export type { VariableRereader } from "./src/auth/reread.ts";
export { prepareTests } from "./src/runner/prepare.ts";
export type { PreparedAssertion, PreparedTest } from "./src/runner/prepare.ts";
export { runTests } from "./src/runner/run.ts";
export type { RunOptions } from "./src/runner/run.ts";
export { compileMatcher } from "./src/matchers/registry.ts";
export { parseTarget, resolveTarget } from "./src/matchers/target_path.ts";
export type { PathSegment, Resolution, TargetPath } from "./src/matchers/target_path.ts";
export type { MatchContext, Matcher, MatchOutcome, MissingTarget } from "./src/matchers/types.ts";

// REPORT
export { getReporter } from "./src/report/reporters.ts";
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
  AgentRowInfo,
  AssertionResult,
  BudgetResult,
  JudgeVerdict,
  RuleRef,
  RunCost,
  RunRecord,
  RunSummary,
  ServerRecord,
  Status,
  TestFailure,
  TestResult,
} from "./src/record/run_record.ts";

// COMPLIANCE
export { runCompliance, validateComplianceVersion } from "./src/compliance/run_compliance.ts";
export type { ComplianceRun, RunComplianceOptions } from "./src/compliance/run_compliance.ts";
export { COMPLIANCE_CORPUS } from "./src/compliance/corpus/embedded.ts";
export { CORPUS_VERSIONS } from "./src/compliance/corpus/versions.ts";
export { applyBaseline, baselineOf } from "./src/compliance/baseline.ts";
export type { BASELINE_VERSION, ComplianceBaseline } from "./src/compliance/baseline.ts";
export {
  diffCorpusVersions,
  diffVersions,
  VersionDiff,
} from "./src/compliance/corpus/version_diff.ts";
export type { DiffBucket, DiffEntry, DiffSummary } from "./src/compliance/corpus/version_diff.ts";
export { evaluateSpecVersionCheck } from "./src/compliance/gates/spec_version_gate.ts";
export { compareGrades, computeGrade, gradeLetter } from "./src/compliance/gates/grade.ts";
export type { Grade, GradeComparison, GradeLetter } from "./src/compliance/gates/grade.ts";
export type {
  GRADE_FILE_VERSION,
  GradeFile,
  GradeFileEntry,
} from "./src/compliance/gates/grade_file.ts";
export type {
  Citation,
  ComplianceCorpus,
  CorpusVersion as ComplianceVersion,
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
export { resolveCorpus } from "./src/conformance/resolve_corpus.ts";
export type { ResolveCorpusOptions, ResolvedCorpus } from "./src/conformance/resolve_corpus.ts";
export type { EnvLookup as EnvGetter } from "./src/conformance/cache_dir.ts";
export { runConformance } from "./src/conformance/run_conformance.ts";
export type {
  CorpusChooser,
  RunConformanceOptions,
  RunCorpus,
} from "./src/conformance/run_conformance.ts";
export type { Probe, ProbeContext, ProbeOutcome } from "./src/conformance/probe_types.ts";
export type {
  CheckedRequirement,
  CheckStatus,
  CorpusSource,
  CorpusVersion as SepCorpus,
  ExcludedRequirement,
  Requirement,
  SepFile,
  Severity as RequirementSeverity,
} from "./src/conformance/types.ts";
export type {
  CheckResult,
  ConformanceResult,
  ExcludedResult,
  SepSummary,
  StatusCounts,
} from "./src/conformance/result.ts";
export { scoreTier } from "./src/conformance/tier.ts";
export type { Badge, SeverityCount, Tier, TierInput, TierResult } from "./src/conformance/tier.ts";
export { getConformanceReporter } from "./src/conformance/report/reporters.ts";
export type { ConformanceReporter } from "./src/conformance/report/reporters.ts";

// MIGRATION (2026-07-28)
export { checkResourceErrorCode } from "./src/migration/check_resource_error_code.ts";
export {
  migrationExitCode,
  renderMigrationRows,
  runMigrationProbe,
} from "./src/doctor/migration_probe.ts";
export type { EvidenceOptions } from "./src/doctor/migration_evidence.ts";
export type { CodeCheck, MigrationRow, MigrationStatus } from "./src/migration/types.ts";

// DOCTOR
export { diagnoseServer } from "./src/doctor/diagnose_server.ts";
export type { DoctorResult } from "./src/doctor/diagnose_server.ts";
export type { LayerName, LayerResult, ServerDiagnosis } from "./src/doctor/types.ts";

// ERRORS AND EXIT CODES
export { ConformanceExitCode, ExitCode } from "./src/errors/exit_codes.ts";
export { ConfigError, ConfigErrors, McptestError, UsageError } from "./src/errors/errors.ts";
export type { SourcePos } from "./src/errors/errors.ts";

// `deno run jsr:@mcptest/cli ...`: run as the main module, this package is the command line;
// imported, it stays a plain library.
if (import.meta.main) await import("./cli.ts");
