/** @module Evaluates performance budgets (seed 004 section 4) against one exchange. */

import type { Budget } from "../../3_load/config/types.ts";
import type { BudgetResult } from "../../4_record/run_record.ts";
import type { Exchange } from "../../2_connect/session/types.ts";
import { estimateTokens } from "./tokens.ts";
import { STDIO_HEADERS_SKIP } from "../../3_load/config/stdio_headers.ts";

/** The transport a test's exchange went over (a header budget cannot apply to stdio). */
export type BudgetTransport = "stdio" | "http";

/**
 * Evaluate every budget of a test against its exchange. A budget that cannot apply is `skip`
 * with the reason in `message` (never a silent pass): header budgets over stdio, or an HTTP
 * exchange that carries no headers.
 * @param transport the server's transport; without it, an exchange with no HTTP facts is taken as stdio
 */
export function evaluateBudgets(
  budgets: readonly Budget[],
  exchange: Exchange,
  transport?: BudgetTransport,
): BudgetResult[] {
  const over = transport ?? (exchange.http ? "http" : "stdio");
  return budgets.map((budget) => evaluateBudget(budget, exchange, over));
}

function evaluateBudget(
  budget: Budget,
  exchange: Exchange,
  transport: BudgetTransport,
): BudgetResult {
  const at = { line: budget.pos.line, col: budget.pos.col };
  switch (budget.kind) {
    case "max_duration_ms": {
      const ms = Math.round(exchange.durationMs);
      return {
        budget: budget.kind,
        status: ms <= budget.value ? "pass" : "fail",
        limit: `${budget.value}ms`,
        actual: `${ms}ms`,
        ...at,
      };
    }
    case "max_response_tokens": {
      const tokens = estimateTokens(responsePayload(exchange));
      return {
        budget: budget.kind,
        status: tokens <= budget.value ? "pass" : "fail",
        limit: `${budget.value} tokens`,
        actual: `${tokens} tokens (estimated, 4 bytes a token)`,
        ...at,
      };
    }
    case "response_headers":
    case "response_headers_absent":
      return headerBudget(budget, exchange, transport, at);
  }
}

function headerBudget(
  budget: Extract<Budget, { kind: "response_headers" | "response_headers_absent" }>,
  exchange: Exchange,
  transport: BudgetTransport,
  at: { line: number; col: number },
): BudgetResult {
  const limit = budget.kind === "response_headers"
    ? Object.entries(budget.headers).map(([k, v]) => `${k}: ${v}`).join(", ")
    : budget.headers.join(", ");
  if (!exchange.http) {
    return {
      budget: budget.kind,
      status: "skip",
      limit,
      actual: transport === "stdio" ? "stdio server" : "no HTTP response headers",
      message: transport === "stdio"
        ? STDIO_HEADERS_SKIP
        : "the response carried no HTTP headers to check",
      ...at,
    };
  }
  const headers = exchange.http.headers;
  const problems: string[] = [];
  if (budget.kind === "response_headers") {
    for (const [name, want] of Object.entries(budget.headers)) {
      const got = headers[name.toLowerCase()];
      if (got === undefined) problems.push(`${name} missing`);
      else if (got !== want) problems.push(`${name}: "${got}"`);
    }
  } else {
    for (const name of budget.headers) {
      const got = headers[name.toLowerCase()];
      if (got !== undefined) problems.push(`${name}: "${got}" present`);
    }
  }
  return {
    budget: budget.kind,
    status: problems.length === 0 ? "pass" : "fail",
    limit,
    actual: problems.length === 0 ? "as required" : problems.join(", "),
    ...at,
  };
}

/**
 * What `max_response_tokens` measures: the response's `result` (or `error`) as compact JSON. The
 * JSON-RPC envelope is left out, so the estimate does not depend on the request id (ids are unique
 * per process and grow with the run).
 */
export function responsePayload(exchange: Exchange): string {
  const response = exchange.response;
  if (!response) return exchange.raw ?? "";
  return JSON.stringify(
    "error" in response && response.error !== undefined
      ? response.error
      : (response as { result?: unknown }).result ?? null,
  );
}

/** Budgets a replay cannot measure: wall-clock duration and token counts belong to the live server. */
const REPLAY_SKIPPED: ReadonlySet<BudgetResult["budget"]> = new Set([
  "max_duration_ms",
  "max_response_tokens",
]);

/**
 * A budget result of a replayed test: duration and token budgets become `skip` with the message
 * `replay` (reporters render `skipped: replay`); header budgets, checked against the recorded
 * headers, are kept.
 */
export function skipForReplay(result: BudgetResult): BudgetResult {
  if (!REPLAY_SKIPPED.has(result.budget)) return result;
  return { ...result, status: "skip", actual: "not measured in replay", message: "replay" };
}
