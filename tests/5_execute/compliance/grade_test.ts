import assert from "node:assert/strict";
import {
  compareGrades,
  computeGrade,
  GRADE_WEIGHTS,
  gradeLetter,
  roundScore,
} from "../../../src/5_execute/compliance/gates/grade.ts";
import type { Status, TestResult } from "../../../src/4_record/run_record.ts";

type Severity = "MUST" | "SHOULD" | "MAY";

function result(
  id: string,
  severity: Severity,
  status: Status,
  revision = "v2025-11-25",
): TestResult {
  return {
    id: `suite.yml::compliance::default::${id}`,
    name: id,
    kind: "compliance",
    server: "suite.yml#default",
    file: "suite.yml",
    line: 1,
    col: 1,
    status,
    durationMs: 0,
    assertions: [],
    budgets: [],
    rule: { id, revision, severity, specUrl: "https://modelcontextprotocol.io/specification" },
  };
}

Deno.test("GRADE_WEIGHTS weighs MUST 3, SHOULD 2, MAY 1", () => {
  assert.deepEqual({ ...GRADE_WEIGHTS }, { MUST: 3, SHOULD: 2, MAY: 1 });
});

Deno.test("roundScore() rounds to one decimal, half away from zero", async (t) => {
  await t.step("halves round away from zero", () => {
    assert.equal(roundScore(96.25), 96.3);
    assert.equal(roundScore(-2.45), -2.5);
    assert.equal(roundScore(92.5 - 96.3), -3.8);
  });
  await t.step("whole and one-decimal values are kept", () => {
    assert.equal(roundScore(100), 100);
    assert.equal(roundScore(0), 0);
    assert.equal(roundScore(66.7), 66.7);
    assert.equal(roundScore(200 / 3), 66.7);
  });
  await t.step("a tiny negative rounds to 0, never -0", () => {
    assert.ok(Object.is(roundScore(-0.04), 0));
    assert.ok(Object.is(roundScore(-0), 0));
  });
});

Deno.test("gradeLetter() maps a score to A..F, and a failed MUST rule denies the A", async (t) => {
  await t.step("boundaries are inclusive", () => {
    const cases: [number, string][] = [
      [100, "A"],
      [95, "A"],
      [94.9, "B"],
      [85, "B"],
      [84.9, "C"],
      [70, "C"],
      [69.9, "D"],
      [50, "D"],
      [49.9, "F"],
      [0, "F"],
    ];
    for (const [score, letter] of cases) {
      assert.equal(gradeLetter(score, false), letter, `${score}`);
    }
  });
  await t.step("a failed MUST rule caps the letter at B, and lower letters are unchanged", () => {
    assert.equal(gradeLetter(100, true), "B");
    assert.equal(gradeLetter(95, true), "B");
    assert.equal(gradeLetter(80, true), "C");
    assert.equal(gradeLetter(10, true), "F");
  });
});

Deno.test("computeGrade() weighs each rule by severity", async (t) => {
  await t.step("all pass: 100, A", () => {
    const grade = computeGrade([
      result("PROTO-001", "MUST", "pass"),
      result("EDGE-003", "SHOULD", "pass"),
    ]);
    assert.deepEqual(grade, {
      revision: "v2025-11-25",
      score: 100,
      letter: "A",
      rules: { "EDGE-003": "pass", "PROTO-001": "pass" },
    });
  });
  await t.step("a failed SHOULD rule: 6 of 8 points, 75, C", () => {
    const grade = computeGrade([
      result("PROTO-001", "MUST", "pass"),
      result("PROTO-002", "MUST", "pass"),
      result("EDGE-003", "SHOULD", "fail"),
    ]);
    assert.equal(grade?.score, 75);
    assert.equal(grade?.letter, "C");
  });
  await t.step("an errored rule counts as failed; a MAY rule weighs 1", () => {
    const grade = computeGrade([
      result("PROTO-001", "MUST", "pass"),
      result("TRANSPORT-007", "MAY", "error"),
    ]);
    assert.equal(grade?.score, 75);
    assert.equal(grade?.rules["TRANSPORT-007"], "error");
  });
  await t.step("a failed MUST rule denies the A even at 95 or more", () => {
    const passing = Array.from(
      { length: 20 },
      (_, i) => result(`TOOL-${String(i + 100)}`, "MUST", "pass"),
    );
    const grade = computeGrade([...passing, result("RES-002", "MUST", "fail")]);
    assert.equal(grade?.score, 95.2);
    assert.equal(grade?.letter, "B");
  });
  await t.step("skipped rules do not count but are listed", () => {
    const grade = computeGrade([
      result("TOOL-001", "MUST", "pass"),
      result("TRANSPORT-001", "MUST", "skip"),
    ]);
    assert.equal(grade?.score, 100);
    assert.deepEqual(grade?.rules, { "TOOL-001": "pass", "TRANSPORT-001": "skip" });
  });
  await t.step("rules are listed sorted by id", () => {
    const grade = computeGrade([
      result("TOOL-001", "MUST", "pass"),
      result("PROTO-002", "MUST", "pass"),
      result("EDGE-001", "MUST", "pass"),
    ]);
    assert.deepEqual(Object.keys(grade!.rules), ["EDGE-001", "PROTO-002", "TOOL-001"]);
  });
  await t.step("a rule with several results counts once, with its worst verdict", () => {
    const grade = computeGrade([
      result("TOOL-001", "MUST", "pass"),
      result("TOOL-001", "MUST", "fail"),
      result("TOOL-001", "MUST", "pass"),
      result("PROTO-002", "MUST", "pass"),
    ]);
    assert.equal(grade?.score, 50);
    assert.equal(grade?.rules["TOOL-001"], "fail");
  });
});

Deno.test("computeGrade() grades only compliance results of one revision", async (t) => {
  await t.step("no result, or every rule skipped: no grade", () => {
    assert.equal(computeGrade([]), undefined);
    assert.equal(computeGrade([result("TOOL-001", "MUST", "skip")]), undefined);
  });
  await t.step("other kinds and results without a rule are ignored", () => {
    const { rule: _rule, ...ruleless } = result("TOOL-002", "MUST", "fail");
    const grade = computeGrade([
      result("TOOL-001", "MUST", "pass"),
      { ...result("X-001", "MUST", "fail"), kind: "gate" },
      { ...result("X-002", "MUST", "fail"), kind: "tool" },
      ruleless,
    ]);
    assert.deepEqual(grade?.rules, { "TOOL-001": "pass" });
    assert.equal(grade?.score, 100);
  });
  await t.step("results of two revisions throw a RangeError", () => {
    assert.throws(
      () =>
        computeGrade([
          result("TOOL-001", "MUST", "pass", "v2025-06-18"),
          result("TOOL-002", "MUST", "pass", "v2025-11-25"),
        ]),
      (error: unknown) =>
        error instanceof RangeError && /v2025-06-18, v2025-11-25/.test(error.message),
    );
  });
});

Deno.test("compareGrades() gives the delta, the regressions and the improvements", async (t) => {
  await t.step("a drop with regressions (failed or errored now, passed before), sorted", () => {
    const diff = compareGrades(
      { score: 92.5, rules: { "TOOL-003": "fail", "RES-002": "error", "PROTO-002": "pass" } },
      { score: 96.3, rules: { "TOOL-003": "pass", "RES-002": "pass", "PROTO-002": "pass" } },
    );
    assert.deepEqual(diff, {
      delta: -3.8,
      regressions: ["RES-002", "TOOL-003"],
      improvements: [],
    });
  });
  await t.step("a rise with improvements (pass now, failed or errored before)", () => {
    const diff = compareGrades(
      { score: 100, rules: { "TOOL-003": "pass", "RES-002": "pass" } },
      { score: 70, rules: { "TOOL-003": "fail", "RES-002": "error" } },
    );
    assert.deepEqual(diff, {
      delta: 30,
      regressions: [],
      improvements: ["RES-002", "TOOL-003"],
    });
  });
  await t.step("equal grades: delta 0, nothing moved", () => {
    const same = { score: 88.9, rules: { "TOOL-001": "fail" as const } };
    assert.deepEqual(compareGrades(same, same), { delta: 0, regressions: [], improvements: [] });
  });
  await t.step("rules new to this run, gone from it, or skipped are neither", () => {
    const diff = compareGrades(
      { score: 50, rules: { "NEW-001": "fail", "SKIP-001": "skip", "KEEP-001": "pass" } },
      { score: 100, rules: { "GONE-001": "pass", "SKIP-001": "pass", "KEEP-001": "pass" } },
    );
    assert.deepEqual(diff, { delta: -50, regressions: [], improvements: [] });
  });
});
