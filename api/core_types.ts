/**
 * The types every part of the library shares: a loaded suite and its tests, servers and their
 * targets, sessions and exchanges, the client mcptest plays, the run record, matchers, errors.
 * Every entry of the package (`@mcptest/cli` and its subpaths) exports them, so each entry's
 * documentation is complete on its own.
 *
 * @module
 */

export type { LoadOptions } from "../src/3_load/config/load_suite.ts";
export type { ReadTextFile } from "../src/3_load/config/variable_stack.ts";
export type { MatcherSpec } from "../src/1_matchers/types.ts";
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
} from "../src/3_load/config/types.ts";
export type {
  ComplianceBlock,
  ComplianceEntry,
  SpecVersionCheckBlock,
} from "../src/3_load/config/compliance_block.ts";
export type { GradeDeltaBlock, GradeExpectation } from "../src/3_load/config/grade_delta_block.ts";
export type { NormalizeRule } from "../src/2_connect/cassette/format.ts";
export type {
  AgentSuite,
  AgentTest,
  EvalTest,
  ModelPrice,
  ModelRef,
  ProviderFamily,
  SpendCaps,
} from "../src/3_load/config/agent_types.ts";
export type { ConnectAuth, ConnectOptions } from "../src/2_connect/session/connect.ts";
export type { RequestAuth } from "../src/2_connect/transport/http_fetch.ts";
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
} from "../src/2_connect/session/types.ts";
export type {
  ClientCapabilitySpec,
  ClientRoot,
  ClientSpec,
  ReplyCondition,
  ScriptedReply,
} from "../src/2_connect/session/client_spec.ts";
export type { ReplyKind, ServerRequestRecord } from "../src/2_connect/session/client_responder.ts";
export type {
  HttpTarget,
  InheritEnv,
  ServerTarget,
  StdioTarget,
} from "../src/2_connect/transport/target.ts";
export type { FailureLayer, HttpInfo, HttpRedirect } from "../src/2_connect/transport/types.ts";
export type {
  AuthConfig,
  AuthHeader,
  BearerAuth,
  HeadersAuth,
  OAuthConfig,
  OAuthGrant,
  TokenEndpointAuth,
} from "../src/2_connect/transport/auth_config.ts";
export type {
  JsonRpcErrorObject,
  JsonRpcId,
  JsonRpcMessage,
  JsonRpcNotification,
  JsonRpcRequest,
  JsonRpcResponse,
} from "../src/0_base/protocol/jsonrpc.ts";
export type { Lifecycle, Revision, RevisionInfo } from "../src/0_base/protocol/revisions.ts";
export type { RunSuiteOptions } from "../src/5_execute/suite/run_suite.ts";
export type { CassetteMode } from "../src/2_connect/cassette/server_cassette.ts";
export type { LastFailedState } from "../src/5_execute/runner/last_failed.ts";
export type { VariableRereader } from "../src/2_connect/auth/types.ts";
export type { PreparedAssertion, PreparedTest } from "../src/5_execute/runner/prepare.ts";
export type { RunOptions } from "../src/5_execute/runner/run.ts";
export type { PathSegment, Resolution, TargetPath } from "../src/1_matchers/target_path.ts";
export type {
  Judge,
  JudgeRequest,
  MatchContext,
  Matcher,
  MatchOutcome,
  MissingTarget,
} from "../src/1_matchers/types.ts";
export type { SourcePos } from "../src/0_base/errors/errors.ts";
export type { JudgeSpec, JurySpec } from "../src/1_matchers/judge_spec.ts";
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
} from "../src/4_record/run_record.ts";
export { RUN_RECORD_VERSION } from "../src/4_record/run_record.ts";
export type { LoadStats } from "../src/4_record/load_stats.ts";
export type { LoadBudget, LoadBudgetKind, LoadSpec } from "../src/3_load/config/load_block.ts";
export type { ProtocolOptions, TaskOption } from "../src/3_load/config/protocol_options.ts";
export type { Step, StepBase, SubscribeList } from "../src/3_load/config/steps_block.ts";
export { RuntimeSecrets } from "../src/2_connect/auth/runtime_secrets.ts";
export { LAST_FAILED_VERSION } from "../src/5_execute/runner/last_failed.ts";
export type { ScanSetting } from "../src/3_load/config/scan_setting.ts";
