/** @module Model-compat DRIFT (exit 6): a `models:` matrix test that passes on some models and fails on others, or a (test, model) row whose verdict changed against a saved run record. */

import type { RunRecord, TestResult } from "../../4_record/run_record.ts";
import type { AgentTest } from "../../3_load/config/agent_types.ts";

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

/** pass, or fail for a failed or errored row; undefined for anything else (skipped). */
function verdictOf(row: TestResult): "pass" | "fail" | undefined {
  if (row.status === "pass") return "pass";
  return row.status === "fail" || row.status === "error" ? "fail" : undefined;
}

/**
 * DRIFT against a saved run record (`--drift-baseline`): one row per (test, model) agent row whose
 * verdict (pass, or fail/error) differs from the same row (by id) in the baseline. Either way
 * counts: a pair that started passing drifted too. Rows only one side has are not compared.
 */
export function baselineDriftRows(
  rows: readonly TestResult[],
  baseline: { readonly record: RunRecord; readonly label: string },
): TestResult[] {
  const before = new Map(
    baseline.record.tests.filter((t) => t.kind === "agent").map((t) => [t.id, t]),
  );
  const out: TestResult[] = [];
  for (const row of rows) {
    if (row.kind !== "agent") continue;
    const old = before.get(row.id);
    if (!old) continue;
    const was = verdictOf(old), now = verdictOf(row);
    if (was === undefined || now === undefined || was === now) continue;
    const who = (r: TestResult) => `${r.status}, provider ${r.agent?.provider ?? "?"}`;
    out.push({
      id: `${row.id} [drift-baseline]`,
      name: `DRIFT ${row.name}`,
      kind: "drift",
      server: row.server,
      file: row.file,
      line: row.line,
      col: row.col,
      status: "fail",
      durationMs: 0,
      assertions: [],
      budgets: [],
      failure: {
        message: `model-compat drift against ${baseline.label}: was ${who(old)}; now ${who(row)}`,
      },
    });
  }
  return out;
}
