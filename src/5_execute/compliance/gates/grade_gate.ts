/** @module The `grade_delta:` gate: this run's compliance grade against a saved baseline grade, one result per server. */

import type { AssertionResult, TestResult } from "../../../4_record/run_record.ts";
import { compareGrades, computeGrade, type Grade, type GradeComparison } from "./grade.ts";
import { assertGateExpectation } from "./gate_assert.ts";
import { type GradeFile, gradeOfEntry } from "./grade_file.ts";
import { resultsByServer, type ServerResults } from "./grade_results.ts";
import type { ComplianceBlock } from "../../../3_load/config/compliance_block.ts";

/** What the gate needs besides the block. */
export interface GradeGateInput {
  /** The compliance results of the same run, raw (before a known-failure baseline). */
  readonly results: readonly TestResult[];
  /** The block's baseline grade file, undefined when it does not exist yet. */
  readonly baseline: GradeFile | undefined;
  /** The name a server key is saved under in the grade file. */
  readonly serverName: (key: string) => string;
}

/** How to save a baseline grade for `file` (shown in the bootstrap and mismatch notes). */
export function saveHint(file: string): string {
  return `save one with mcptest compliance run --from-suite ${file} --save-grade`;
}

/**
 * One result of kind `gate` per server of a block that has `grade_delta:`: PASS or FAIL with the
 * grade, the baseline, the delta and the regressed rules; PASS with a note when there is no
 * baseline grade yet; SKIP when no rule reached a verdict or a `--filter` ran part of the block.
 */
export async function evaluateGradeDelta(
  block: ComplianceBlock,
  input: GradeGateInput,
): Promise<TestResult[]> {
  const out: TestResult[] = [];
  for (const server of resultsByServer(block, input.results)) {
    out.push(await gradeServer(block, server, input));
  }
  return out;
}

type Position = { readonly line: number; readonly col: number };

async function gradeServer(
  block: ComplianceBlock,
  server: ServerResults,
  input: GradeGateInput,
): Promise<TestResult> {
  const gate = block.gradeDelta!;
  const version = block.revision!;
  const name = input.serverName(server.key);
  const at = { line: gate.pos.line, col: gate.pos.col };
  const base = {
    id: `${block.file}::gate::grade_delta::${name}`,
    name: `grade_delta ${name} [${version}]`,
    kind: "gate" as const,
    server: server.key,
    file: block.file,
    ...at,
    durationMs: 0,
    budgets: [],
  };
  const verdict = (assertions: AssertionResult[]): TestResult => ({
    ...base,
    status: assertions.every((a) => a.status === "pass") ? "pass" : "fail",
    assertions,
  });
  const skip = (reason: string): TestResult => ({
    ...base,
    status: "skip",
    assertions: [],
    skipReason: reason,
  });
  if (server.missing.length > 0) {
    const ran = server.listed - server.missing.length;
    return skip(
      `${ran} of the block's ${server.listed} rules ran (a --filter?): the grade is compared on a full run only`,
    );
  }
  const grade = computeGrade(server.results);
  if (grade === undefined) {
    return skip("no rule reached a verdict (all skipped): there is no grade to compare");
  }
  const saved = input.baseline?.grades[name];
  if (saved === undefined) return verdict([bootstrapAssertion(block, name, grade, at)]);
  if (saved.spec_version !== version) {
    return verdict([revisionMismatchAssertion(block, saved.spec_version, at)]);
  }
  const baseline = gradeOfEntry(saved);
  const comparison = compareGrades(grade, baseline);
  const summary = summarize(grade, baseline, comparison);
  const root = targets(grade, baseline, comparison);
  return verdict(
    gate.expect === undefined
      ? [maxDropAssertion(gate.maxDrop ?? 0, comparison.delta, summary, at)]
      : await Promise.all(
        gate.expect.map((item) => assertGateExpectation(item, root, item.pos, summary)),
      ),
  );
}

/** No baseline grade for the server yet: a pass that says how to save one. */
function bootstrapAssertion(
  block: ComplianceBlock,
  name: string,
  grade: Grade,
  at: Position,
): AssertionResult {
  const note = `no baseline grade yet for server "${name}" in ${block.gradeDelta!.baseline}`;
  return {
    ...at,
    target: "grade_delta",
    matcher: "bootstrap",
    status: "pass",
    expected: "",
    actual: shown(grade),
    message: `grade ${shown(grade)}; ${note}; ${saveHint(block.file)}`,
  };
}

/** The baseline grade was taken in another revision than the block's: a fail, not comparable. */
function revisionMismatchAssertion(
  block: ComplianceBlock,
  savedVersion: string,
  at: Position,
): AssertionResult {
  const version = block.revision!;
  const why = `the baseline grade in ${
    block.gradeDelta!.baseline
  } was taken in ${savedVersion}, this block grades ${version}`;
  return {
    ...at,
    target: "baseline_spec_version",
    matcher: "exact",
    status: "fail",
    expected: JSON.stringify(version),
    actual: JSON.stringify(savedVersion),
    message: `${why}: grades of different revisions are not comparable; ${
      saveHint(block.file)
    } to replace it`,
  };
}

/** `92.5 (B)`. */
function shown(grade: Pick<Grade, "score" | "letter">): string {
  return `${grade.score} (${grade.letter})`;
}

function signed(delta: number): string {
  return delta > 0 ? `+${delta}` : String(delta);
}

/** `grade 92.5 (B) vs baseline 96.3 (A): -3.8, regressions: TOOL-003, RES-002`. */
export function summarize(grade: Grade, baseline: Grade, comparison: GradeComparison): string {
  const parts = [
    `grade ${shown(grade)} vs baseline ${shown(baseline)}: ${signed(comparison.delta)}`,
  ];
  if (comparison.regressions.length > 0) {
    parts.push(`regressions: ${comparison.regressions.join(", ")}`);
  }
  if (comparison.improvements.length > 0) {
    parts.push(`improvements: ${comparison.improvements.join(", ")}`);
  }
  return parts.join(", ");
}

/** The values `expect:` can target. */
function targets(
  grade: Grade,
  baseline: Grade,
  comparison: GradeComparison,
): Record<string, unknown> {
  return {
    grade_score: grade.score,
    grade_letter: grade.letter,
    grade_delta: comparison.delta,
    baseline_score: baseline.score,
    baseline_letter: baseline.letter,
    grade_regressions: [...comparison.regressions],
    grade_improvements: [...comparison.improvements],
  };
}

function maxDropAssertion(
  maxDrop: number,
  delta: number,
  summary: string,
  at: Position,
): AssertionResult {
  return {
    ...at,
    target: "grade_delta",
    matcher: "max_drop",
    // The delta is rounded to one decimal: the epsilon keeps float noise from flipping a verdict.
    status: delta >= -maxDrop - 1e-9 ? "pass" : "fail",
    expected: maxDrop === 0 ? ">= 0 (no drop)" : `>= -${maxDrop} (max_drop: ${maxDrop})`,
    actual: signed(delta),
    message: summary,
  };
}
