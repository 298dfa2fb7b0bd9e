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
export { loadSuite } from "./src/3_load/config/load_suite.ts";
export type { LoadOptions } from "./src/3_load/config/load_suite.ts";
export type { ReadTextFile } from "./src/3_load/config/variable_stack.ts";
export type { MatcherSpec } from "./src/1_matchers/types.ts";
export type {
  Assertion,
  Budget,
  Call,
  ExpectError,
  ListKind,
  LoadWarning,
  ServerSpec,
  Suite,
  TestCase,
  TestKind,
} from "./src/3_load/config/types.ts";
export type {
  ComplianceBlock,
  ComplianceEntry,
  SpecVersionCheckBlock,
} from "./src/3_load/config/compliance_block.ts";
export type { GradeDeltaBlock, GradeExpectation } from "./src/3_load/config/grade_delta_block.ts";
export type { NormalizeRule } from "./src/2_connect/cassette/format.ts";
export type {
  AgentSuite,
  AgentTest,
  EvalTest,
  ModelPrice,
  ModelRef,
  ProviderFamily,
  SpendCaps,
} from "./src/3_load/config/agent_types.ts";

// CONNECT
export { connect } from "./src/2_connect/session/connect.ts";
export type { ConnectAuth, ConnectOptions } from "./src/2_connect/session/connect.ts";
export type { RequestAuth } from "./src/2_connect/transport/http_fetch.ts";
export type {
  CaptureSession,
  Exchange,
  FenceResult,
  FrameObserver,
  RequestOptions,
  ServerEndpoint,
  ServerMessage,
  Session,
  TargetSource,
} from "./src/2_connect/session/types.ts";
export type {
  ClientCapabilitySpec,
  ClientRoot,
  ClientSpec,
  ReplyCondition,
  ScriptedReply,
} from "./src/2_connect/session/client_spec.ts";
export type { ReplyKind, ServerRequestRecord } from "./src/2_connect/session/client_responder.ts";
export type {
  HttpTarget,
  InheritEnv,
  ServerTarget,
  StdioTarget,
} from "./src/2_connect/transport/target.ts";
export type { FailureLayer, HttpInfo, HttpRedirect } from "./src/2_connect/transport/types.ts";
export type {
  AuthConfig,
  AuthHeader,
  BearerAuth,
  HeadersAuth,
  OAuthConfig,
  OAuthGrant,
  TokenEndpointAuth,
} from "./src/2_connect/transport/auth_config.ts";
export type {
  JsonRpcErrorObject,
  JsonRpcId,
  JsonRpcMessage,
  JsonRpcNotification,
  JsonRpcRequest,
  JsonRpcResponse,
} from "./src/0_base/protocol/jsonrpc.ts";
export { findRevision, LATEST_REVISION, REVISIONS } from "./src/0_base/protocol/revisions.ts";
export type { Lifecycle, Revision, RevisionInfo } from "./src/0_base/protocol/revisions.ts";

// EXECUTE
export { runSuite } from "./src/5_execute/suite/run_suite.ts";
export type { RunSuiteOptions } from "./src/5_execute/suite/run_suite.ts";
export type { CassetteMode } from "./src/2_connect/cassette/connect.ts";
export { LAST_FAILED_VERSION } from "./src/5_execute/runner/last_failed.ts";
export type { LastFailedState } from "./src/5_execute/runner/last_failed.ts";
export { RuntimeSecrets } from "./src/2_connect/auth/runtime_secrets.ts";
export type { VariableRereader } from "./src/2_connect/auth/types.ts";
export { prepareTests } from "./src/5_execute/runner/prepare.ts";
export type { PreparedAssertion, PreparedTest } from "./src/5_execute/runner/prepare.ts";
export { runTests } from "./src/5_execute/runner/run.ts";
export type { RunOptions } from "./src/5_execute/runner/run.ts";
export { compileMatcher } from "./src/1_matchers/registry.ts";
export { parseTarget, resolveTarget } from "./src/1_matchers/target_path.ts";
export type { PathSegment, Resolution, TargetPath } from "./src/1_matchers/target_path.ts";
export type { MatchContext, Matcher, MatchOutcome, MissingTarget } from "./src/1_matchers/types.ts";

// REPORT
export { getReporter } from "./src/6_report/reporters.ts";
export type { Reporter, ReporterOptions } from "./src/6_report/reporters.ts";
export { RUN_RECORD_VERSION } from "./src/4_record/run_record.ts";
export { renderJunit } from "./src/6_report/junit.ts";
export { renderTap } from "./src/6_report/tap.ts";
export { renderSarif } from "./src/6_report/sarif.ts";
export { renderMarkdown } from "./src/6_report/markdown.ts";
export { renderHtml } from "./src/6_report/html.ts";
export { renderAnnotations, shouldAnnotate } from "./src/6_report/annotations.ts";
export type { AnnotationMode, EnvLookup } from "./src/6_report/annotations.ts";
export { mergeRecords } from "./src/4_record/merge.ts";
export { checkRunRecord, parseRunRecord } from "./src/4_record/validate.ts";
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
} from "./src/4_record/run_record.ts";

// COMPLIANCE
export { runCompliance } from "./src/5_execute/compliance/run_compliance.ts";
export { validateComplianceVersion } from "./src/3_load/compliance_corpus/versions.ts";
export type {
  ComplianceRun,
  RunComplianceOptions,
} from "./src/5_execute/compliance/run_compliance.ts";
export { COMPLIANCE_CORPUS } from "./src/3_load/compliance_corpus/embedded.ts";
export { CORPUS_VERSIONS } from "./src/3_load/compliance_corpus/versions.ts";
export { applyBaseline, baselineOf } from "./src/5_execute/compliance/baseline.ts";
export type { BASELINE_VERSION, ComplianceBaseline } from "./src/5_execute/compliance/baseline.ts";
export {
  diffCorpusVersions,
  diffVersions,
  VersionDiff,
} from "./src/3_load/compliance_corpus/revision_diff.ts";
export type {
  DiffBucket,
  DiffEntry,
  DiffSummary,
} from "./src/3_load/compliance_corpus/revision_diff.ts";
export { evaluateSpecVersionCheck } from "./src/5_execute/compliance/gates/spec_version_gate.ts";
export {
  compareGrades,
  computeGrade,
  gradeLetter,
} from "./src/5_execute/compliance/gates/grade.ts";
export type {
  Grade,
  GradeComparison,
  GradeLetter,
} from "./src/5_execute/compliance/gates/grade.ts";
export type {
  GRADE_FILE_VERSION,
  GradeFile,
  GradeFileEntry,
} from "./src/5_execute/compliance/gates/grade_file.ts";
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
} from "./src/3_load/compliance_corpus/types.ts";

// INVARIANTS (seed 003)
export { checkInvariants, renderInvariants } from "./src/5_execute/compliance/invariants/check.ts";
export { parseCapture, readCapture } from "./src/5_execute/compliance/invariants/capture_file.ts";
export type {
  CapturedExchange,
  CapturedSession,
  Hazard,
  InvariantReport,
  InvariantResult,
} from "./src/5_execute/compliance/invariants/types.ts";

// CONFORMANCE
export { resolveCorpus } from "./src/7_features/conformance/resolve_corpus.ts";
export type {
  ResolveCorpusOptions,
  ResolvedCorpus,
} from "./src/7_features/conformance/resolve_corpus.ts";
export type { EnvLookup as EnvGetter } from "./src/7_features/conformance/corpus_cache/cache_dir.ts";
export { runConformance } from "./src/7_features/conformance/run_conformance.ts";
export type { Connect, RunInputOptions } from "./src/7_features/conformance/run_inputs.ts";
export type {
  CorpusChooser,
  RunConformanceOptions,
  RunCorpus,
} from "./src/7_features/conformance/run_conformance.ts";
export type {
  Probe,
  ProbeContext,
  ProbeOutcome,
} from "./src/7_features/conformance/probes/probe_types.ts";
export type {
  CheckedRequirement,
  CheckStatus,
  CorpusSource,
  CorpusVersion as SepCorpus,
  ExcludedRequirement,
  Requirement,
  SepFile,
  Severity as RequirementSeverity,
} from "./src/7_features/conformance/types.ts";
export type {
  CheckResult,
  ConformanceResult,
  ExcludedResult,
  SepSummary,
  StatusCounts,
} from "./src/7_features/conformance/result.ts";
export { scoreTier } from "./src/7_features/conformance/tier.ts";
export type {
  Badge,
  SeverityCount,
  Tier,
  TierInput,
  TierResult,
} from "./src/7_features/conformance/tier.ts";
export { getConformanceReporter } from "./src/7_features/conformance/report/reporters.ts";
export type { ConformanceReporter } from "./src/7_features/conformance/report/reporters.ts";

// MIGRATION (2026-07-28)
export { checkResourceErrorCode } from "./src/7_features/migration/check_resource_error_code.ts";
export {
  migrationExitCode,
  renderMigrationRows,
  runMigrationProbe,
} from "./src/7_features/doctor/migration_probe.ts";
export type { EvidenceOptions } from "./src/7_features/doctor/migration_evidence.ts";
export type { CodeCheck, MigrationRow, MigrationStatus } from "./src/7_features/migration/types.ts";

// DOCTOR
export { diagnoseServer } from "./src/7_features/doctor/diagnose_server.ts";
export type { DoctorResult } from "./src/7_features/doctor/diagnose_server.ts";
export type { LayerName, LayerResult, ServerDiagnosis } from "./src/7_features/doctor/types.ts";

// ERRORS AND EXIT CODES
export { ConformanceExitCode, ExitCode } from "./src/0_base/errors/exit_codes.ts";
export { ConfigError, ConfigErrors, McptestError, UsageError } from "./src/0_base/errors/errors.ts";
export type { SourcePos } from "./src/0_base/errors/errors.ts";

// `deno run jsr:@mcptest/cli ...`: run as the main module, this package is the command line;
// imported, it stays a plain library.
if (import.meta.main) await import("./cli.ts");
