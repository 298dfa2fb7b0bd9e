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

// THE SHARED TYPES (suite, server, session, record, matcher, error types)
export * from "./api/core_types.ts";

// LOAD
export { loadSuite } from "./src/3_load/config/load_suite.ts";

// CONNECT
export { connect } from "./src/2_connect/session/connect.ts";
export { findRevision, LATEST_REVISION, REVISIONS } from "./src/0_base/protocol/revisions.ts";

// EXECUTE
export { runSuite } from "./src/5_execute/suite/run_suite.ts";
export { LAST_FAILED_VERSION } from "./src/5_execute/runner/last_failed.ts";
export type { LastFailedMode } from "./src/5_execute/runner/select_tests.ts";
export { RuntimeSecrets } from "./src/2_connect/auth/runtime_secrets.ts";
export { prepareTests } from "./src/5_execute/runner/prepare.ts";
export { runTests } from "./src/5_execute/runner/run.ts";
export { compileMatcher } from "./src/1_matchers/registry.ts";
export { parseTarget, resolveTarget } from "./src/1_matchers/target_path.ts";

// REPORT, COMPLIANCE, CONFORMANCE, DOCTOR, CASSETTES, SCAN, FUZZ: also their own entries
// (`@mcptest/cli/report`, `/compliance`, `/conformance`, `/doctor`, `/cassette`, `/scan`, `/fuzz`).
export * from "./api/report.ts";
export * from "./api/compliance.ts";
export * from "./api/conformance.ts";
export * from "./api/doctor.ts";
export * from "./api/cassette.ts";
export * from "./api/scan.ts";
export * from "./api/fuzz.ts";

// ONE CALL PER COMMAND (the rest are in the entries above)
export { listTests } from "./src/5_execute/suite/list_tests.ts";
export type { ListedTest, ListTestsOptions } from "./src/5_execute/suite/list_tests.ts";
export { initSuite } from "./src/7_features/init/init_suite.ts";
export type { InitSuiteOptions, InitSuiteResult } from "./src/7_features/init/init_suite.ts";
export { diffSurfaces } from "./src/7_features/surface_diff/diff_surfaces.ts";
export type { Category, Change, DiffResult } from "./src/7_features/surface_diff/types.ts";
export type { SideOptions } from "./src/7_features/surface_diff/load_side.ts";
export type { LintFinding, LintReport } from "./src/7_features/migration/lint_report.ts";
export type { FilePlan, MigrationPlan } from "./src/7_features/migration/migrate_plan.ts";
export type { PlannedChange } from "./src/7_features/migration/apply.ts";
export type { Hit } from "./src/7_features/migration/types.ts";
export type { Advertised, InitSurface } from "./src/7_features/init/surface.ts";
export type { LoginResult } from "./src/2_connect/auth/login.ts";
export { DIFF_FORMATS } from "./src/7_features/surface_diff/formats.ts";
export type { DiffFormat, DiffRenderer } from "./src/7_features/surface_diff/formats.ts";
export { lint, migrate } from "./src/7_features/migration/lint.ts";
export type { LintOptions, MigrateOptions } from "./src/7_features/migration/lint.ts";
export { login, logout } from "./src/7_features/auth/login.ts";
export type { LoggedIn, LoggedOut, LoginServerOptions } from "./src/7_features/auth/login.ts";

// ERRORS AND EXIT CODES
export { ConformanceExitCode, ExitCode } from "./src/0_base/errors/exit_codes.ts";
export { ConfigError, ConfigErrors, McptestError, UsageError } from "./src/0_base/errors/errors.ts";

// `deno run jsr:@mcptest/cli ...`: run as the main module, this package is the command line;
// imported, it stays a plain library.
if (import.meta.main) await import("./cli.ts");
