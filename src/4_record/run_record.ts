/** @module The run record: the plain JSON single source of truth of a run, which every reporter renders. */

import type { LoadStats } from "./load_stats.ts";
import type { FailureLayer } from "../2_connect/transport/types.ts";
import type { TestKind } from "../3_load/config/types.ts";
import type { TargetSource } from "../2_connect/session/types.ts";

/** Version of the run record shape; bumped on a breaking change. */
export const RUN_RECORD_VERSION = 1 as const;

/** The state of a test, assertion or budget. */
export type Status = "pass" | "fail" | "skip" | "error";

/** The verdict of one assertion. */
export interface AssertionResult {
  /** The target path, as written. */
  readonly target: string;
  /** The matcher's display name (`exact`, `not regex`). */
  readonly matcher: string;
  /** The verdict. */
  readonly status: Status;
  /** What the matcher expected, rendered for humans. */
  readonly expected: string;
  /** The value found, rendered for humans. */
  readonly actual: string;
  /** Extra explanation (schema errors, which element missed). */
  readonly message?: string;
  /** 1-based line of the assertion in its test file. */
  readonly line: number;
  /** 1-based column of the assertion. */
  readonly col: number;
}

/** The verdict of one performance budget (reported in its own bucket). */
export interface BudgetResult {
  /** Which budget it is. */
  readonly budget:
    | "max_duration_ms"
    | "max_response_tokens"
    | "response_headers"
    | "response_headers_absent"
    | "p95_ms"
    | "p99_ms"
    | "error_rate"
    | "min_throughput";
  /** The verdict. */
  readonly status: Status;
  /** The limit as written, rendered for humans. */
  readonly limit: string;
  /** What was measured, rendered for humans. */
  readonly actual: string;
  /** Extra explanation. */
  readonly message?: string;
  /** 1-based line of the budget in its test file. */
  readonly line: number;
  /** 1-based column of the budget. */
  readonly col: number;
}

/** Why a test could not run to a verdict (connection failure, timeout, transport error). */
export interface TestFailure {
  /** The failure layer, when the transport could tell. */
  readonly layer?: FailureLayer;
  /** What went wrong, in one line. */
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
  /** Stable id: `<file>::<kind>::<name>`. */
  readonly id: string;
  /** Display name. */
  readonly name: string;
  /** What produced it: a tool, resource or prompt test, a compliance rule, a gate, an agent test, an eval, or a run gate (`drift`, `coverage`). */
  readonly kind:
    | TestKind
    | "compliance"
    | "gate"
    | "agent"
    | "eval"
    | "drift"
    | "coverage"
    | "scan"
    | "fuzz";
  /** Name of the server the test ran against. */
  readonly server: string;
  /** The test file (relative to the working directory). */
  readonly file: string;
  /** 1-based line where the test was declared. */
  readonly line: number;
  /** 1-based column where the test was declared. */
  readonly col: number;
  /** The verdict. */
  readonly status: Status;
  /** Wall-clock time of the test in milliseconds. */
  readonly durationMs: number;
  /** The verdict of each assertion, in declaration order. */
  readonly assertions: readonly AssertionResult[];
  /** The verdict of each budget, in declaration order. */
  readonly budgets: readonly BudgetResult[];
  /** Why the test could not run to a verdict, when it could not. */
  readonly failure?: TestFailure;
  /** Why the test was skipped, when it was. */
  readonly skipReason?: string;
  /** For a compliance result: the rule, its severity and spec URL (absent in records of older versions). */
  readonly rule?: RuleRef;
  /** The test ran against a cassette, not the live server (duration and token budgets skipped). */
  readonly replayed?: boolean;
  /** The result was served from the result cache (docs/cache.md), not run in this run. */
  readonly cached?: boolean;
  /** Agent and eval rows (docs/agents.md): the model, who answered, tokens, cost, judges. */
  readonly agent?: AgentRowInfo;
  /** The test failed, then passed on a retry (`retries:`, `--retries`): reported as flaky, never as a plain pass. */
  readonly flaky?: true;
  /** How many times the test ran, when it ran more than once (retries). */
  readonly attempts?: number;
  /** Under `load:` / `--repeat` (docs/load.md): the latency distribution of the measured calls. */
  readonly load?: LoadStats;
}

/** One model-graded verdict (llm-judge, or one juror of llm-jury). */
export interface JudgeVerdict {
  /** The judge model's label. */
  readonly model: string;
  /** The provider that answered (`stub` when its key was missing). */
  readonly provider: string;
  /** Whether the judge passed the response. */
  readonly verdict: "pass" | "fail";
  /** 0..1. */
  readonly score: number;
  /** The judge's explanation, as it gave it. */
  readonly reasoning: string;
}

/** What an agent or eval row adds to a test result. */
export interface AgentRowInfo {
  /** The model of this row (`claude-sonnet-4-5`, `openrouter/anthropic/claude-3.5-sonnet`); evals: none. */
  readonly model?: string;
  /** The provider that actually answered: a family, a named provider, or `stub` (no key set). */
  readonly provider?: string;
  /** Tokens the row used (model calls of the agent loop and of its judges). */
  readonly tokens: { readonly input: number; readonly output: number; readonly total: number };
  /** USD spent by the row; null when a model's price is unknown. */
  readonly costUsd: number | null;
  /** Model turns of the agent loop. */
  readonly turns?: number;
  /** Why the loop stopped: `text`, `max_turns`, `cost_cap`, `error`. */
  readonly stopReason?: string;
  /** Tool names listed by more than one server, and how the catalog exposed them. */
  readonly collisions?: readonly string[];
  /** Every llm-judge / llm-jury verdict, in assertion order (jurors one by one). */
  readonly judges?: readonly JudgeVerdict[];
}

/** One server as the run saw it. */
export interface ServerRecord {
  /** The server's name. */
  readonly name: string;
  /** The server's unique key (qualified by file for test-file servers). */
  readonly key: string;
  /** Redacted target label (`stdio://cmd args` or the URL). */
  readonly target: string;
  /** Where the target came from. */
  readonly source: TargetSource;
  /** Whether the run connected to it, failed to, or never needed it. */
  readonly status: "connected" | "failed" | "unused";
  /** The revision the session negotiated. */
  readonly protocolVersion?: string;
  /** Why the connection failed, when it did. */
  readonly failure?: TestFailure;
}

/** Counts over the tests. */
export interface RunSummary {
  /** Every test. */
  readonly total: number;
  /** Tests that passed. */
  readonly passed: number;
  /** Tests that failed. */
  readonly failed: number;
  /** Tests that were skipped. */
  readonly skipped: number;
  /** Tests that could not run to a verdict. */
  readonly errored: number;
  /** Tests whose only failures are budget failures. */
  readonly budgetFailed: number;
  /** Passed tests that passed only on a retry (absent when none). */
  readonly flaky?: number;
}

/** The whole run. */
export interface RunRecord {
  /** Shape version ({@link RUN_RECORD_VERSION}). */
  readonly version: typeof RUN_RECORD_VERSION;
  /** The tool that produced the record. */
  readonly tool: { readonly name: "mcptest"; readonly version: string };
  /** When the run started (ISO 8601). */
  readonly startedAt: string;
  /** Wall-clock time of the run in milliseconds. */
  readonly durationMs: number;
  /** The test files run, in load order. */
  readonly files: readonly string[];
  /** Every server of the suite. */
  readonly servers: readonly ServerRecord[];
  /** Every result, in declaration order (compliance and gate results last). */
  readonly tests: readonly TestResult[];
  /** Counts over the tests. */
  readonly summary: RunSummary;
  /** Model spending of the run (present when the suite has agents or evals). */
  readonly cost?: RunCost;
}

/** Model spending of a run. */
export interface RunCost {
  /** USD spent by every model call of the run (stub calls cost 0). */
  readonly totalUsd: number;
  /** The cap that stopped a model call (`per_test_usd_cents`, `per_suite_usd_cents`, `--max-cost`), if any: exit 5. */
  readonly capTripped?: string;
}
