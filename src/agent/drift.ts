/** @module Model-compat DRIFT: a `models:` matrix test that passes on some models and fails on others (exit 6). */

import type { TestResult } from "../record/run_record.ts";
import type { AgentTest } from "./types.ts";

/**
 * One DRIFT row per matrix test whose rows disagree: at least one model passed and at least one
 * failed or errored. Rows answered by the stub count like any other: the row says who answered.
 */
export function driftRows(rows: ReadonlyArray<{ test: AgentTest; row: TestResult }>): TestResult[] {
  const byTest = new Map<string, { test: AgentTest; rows: TestResult[] }>();
  for (const { test, row } of rows) {
    if (!test.matrix) continue;
    const entry = byTest.get(test.id) ?? { test, rows: [] };
    entry.rows.push(row);
    byTest.set(test.id, entry);
  }
  const out: TestResult[] = [];
  for (const { test, rows: list } of byTest.values()) {
    const label = (r: TestResult) => `${r.agent?.model ?? r.name} (${r.agent?.provider ?? "?"})`;
    const passing = list.filter((r) => r.status === "pass");
    const failing = list.filter((r) => r.status === "fail" || r.status === "error");
    if (passing.length === 0 || failing.length === 0) continue;
    out.push({
      id: `${test.id} [drift]`,
      name: `DRIFT ${test.name}`,
      kind: "drift",
      server: test.servers.map((s) => s.name).join(","),
      file: test.file,
      line: test.pos.line,
      col: test.pos.col,
      status: "fail",
      durationMs: 0,
      assertions: [],
      budgets: [],
      failure: {
        message: `model-compat drift: passes on ${passing.map(label).join(", ")}; fails on ${
          failing.map(label).join(", ")
        }`,
      },
    });
  }
  return out;
}
