/** @module Evaluates performance budgets (seed 004 section 4) against one exchange. */

import type { Budget } from "../config/types.ts";
import type { BudgetResult } from "../record/run_record.ts";
import type { Exchange } from "../session/types.ts";
import { estimateTokens } from "./tokens.ts";

/** Evaluate every budget of a test against its exchange. */
export function evaluateBudgets(budgets: readonly Budget[], exchange: Exchange): BudgetResult[] {
  return budgets.map((budget) => evaluateBudget(budget, exchange));
}

function evaluateBudget(budget: Budget, exchange: Exchange): BudgetResult {
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
      const tokens = estimateTokens(exchange.raw ?? "");
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
      return headerBudget(budget, exchange, at);
  }
}

function headerBudget(
  budget: Extract<Budget, { kind: "response_headers" | "response_headers_absent" }>,
  exchange: Exchange,
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
      actual: "no HTTP response",
      message: "header budgets apply to HTTP servers only",
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
