/** @module Judges the `load:` budgets (`p95_ms`, `p99_ms`, `error_rate`, `min_throughput`) against a measured distribution. */

import type { LoadBudget } from "../../3_load/config/load_block.ts";
import type { BudgetResult } from "../../4_record/run_record.ts";
import { type LoadStats, minSamplesFor } from "../../4_record/load_stats.ts";

/**
 * One budget result per load budget. A percentile budget measured from fewer calls than the
 * percentile needs is `skip`, saying how many it needs: never a verdict from too few samples.
 */
export function evaluateLoadBudgets(
  budgets: readonly LoadBudget[],
  stats: LoadStats,
): BudgetResult[] {
  return budgets.map((budget) => evaluateLoadBudget(budget, stats));
}

function evaluateLoadBudget(budget: LoadBudget, stats: LoadStats): BudgetResult {
  const at = { budget: budget.kind, line: budget.pos.line, col: budget.pos.col };
  switch (budget.kind) {
    case "p95_ms":
    case "p99_ms": {
      const percentile = budget.kind === "p95_ms" ? 95 : 99;
      const value = budget.kind === "p95_ms" ? stats.p95Ms : stats.p99Ms;
      const limit = `${budget.value}ms`;
      if (value === undefined) {
        const need = minSamplesFor(percentile);
        return {
          ...at,
          status: "skip",
          limit,
          actual: `${stats.samples} measured calls`,
          message: `p${percentile} needs at least ${need} measured calls, got ${stats.samples}`,
        };
      }
      return {
        ...at,
        status: value <= budget.value ? "pass" : "fail",
        limit,
        actual: `${value}ms`,
      };
    }
    case "error_rate":
      return {
        ...at,
        status: stats.errorRate <= budget.value ? "pass" : "fail",
        limit: percent(budget.value),
        actual: `${percent(stats.errorRate)} (${stats.failures} of ${stats.samples} calls)`,
      };
    case "min_throughput":
      return {
        ...at,
        status: stats.samples > 0 && stats.throughput >= budget.value ? "pass" : "fail",
        limit: `${budget.value} calls/s`,
        actual: `${stats.throughput} calls/s`,
      };
  }
}

function percent(share: number): string {
  return `${Math.round(share * 10000) / 100}%`;
}
