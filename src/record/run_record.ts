/** @module The run record: the plain JSON single source of truth of a run, which every reporter renders. */

import type { FailureLayer } from "../transport/types.ts";
import type { TargetSource, TestKind } from "../config/types.ts";

/** Version of the run record shape; bumped on a breaking change. */
export const RUN_RECORD_VERSION = 1 as const;

/** The state of a test, assertion or budget. */
export type Status = "pass" | "fail" | "skip" | "error";

/** The verdict of one assertion. */
export interface AssertionResult {
  readonly target: string;
  readonly matcher: string;
  readonly status: Status;
  readonly expected: string;
  readonly actual: string;
  readonly message?: string;
  readonly line: number;
  readonly col: number;
}

/** The verdict of one performance budget (reported in its own bucket). */
export interface BudgetResult {
  readonly budget:
    | "max_duration_ms"
    | "max_response_tokens"
    | "response_headers"
    | "response_headers_absent";
  readonly status: Status;
  readonly limit: string;
  readonly actual: string;
  readonly message?: string;
  readonly line: number;
  readonly col: number;
}

/** Why a test could not run to a verdict (connection failure, timeout, transport error). */
export interface TestFailure {
  readonly layer?: FailureLayer;
  readonly message: string;
}

/** The compliance rule behind a result of kind `compliance`: what it enforces, and how strongly in that revision. */
export interface RuleRef {
  /** `PREFIX-NNN`. */
  readonly id: string;
  /** The corpus revision the rule came from (`v2025-06-18`, `draft`). */
  readonly revision: string;
  /** RFC 2119 severity in that revision. */
  readonly severity: "MUST" | "SHOULD" | "MAY";
  /** The specification section the rule enforces. */
  readonly specUrl: string;
}

/** One test's result. */
export interface TestResult {
  readonly id: string;
  readonly name: string;
  readonly kind: TestKind | "compliance" | "gate";
  readonly server: string;
  readonly file: string;
  readonly line: number;
  readonly col: number;
  readonly status: Status;
  readonly durationMs: number;
  readonly assertions: readonly AssertionResult[];
  readonly budgets: readonly BudgetResult[];
  readonly failure?: TestFailure;
  /** Why the test was skipped, when it was. */
  readonly skipReason?: string;
  /** For a compliance result: the rule, its severity and spec URL (absent in records of older versions). */
  readonly rule?: RuleRef;
}

/** One server as the run saw it. */
export interface ServerRecord {
  readonly name: string;
  readonly key: string;
  /** Redacted target label (`stdio://cmd args` or the URL). */
  readonly target: string;
  readonly source: TargetSource;
  readonly status: "connected" | "failed" | "unused";
  readonly protocolVersion?: string;
  readonly failure?: TestFailure;
}

/** Counts over the tests. */
export interface RunSummary {
  readonly total: number;
  readonly passed: number;
  readonly failed: number;
  readonly skipped: number;
  readonly errored: number;
  /** Tests whose only failures are budget failures. */
  readonly budgetFailed: number;
}

/** The whole run. */
export interface RunRecord {
  readonly version: typeof RUN_RECORD_VERSION;
  readonly tool: { readonly name: "mcptest"; readonly version: string };
  readonly startedAt: string;
  readonly durationMs: number;
  readonly files: readonly string[];
  readonly servers: readonly ServerRecord[];
  readonly tests: readonly TestResult[];
  readonly summary: RunSummary;
}
