/** @module `grade_delta:` through the CLI against the faulty fixture: bootstrap, --save-grade, a broken rule failing the gate, exit codes. */

import assert from "node:assert/strict";
import { mcptest, tempProject } from "../../_helpers/cli.ts";
import { faultyArgv } from "./_servers.ts";

const faulty = (...breaks: string[]) => JSON.stringify(faultyArgv(breaks));

/** A suite whose server breaks `breaks`, gating on the grade saved in .mcptest/grade.json. */
const suite = (gate: string, ...breaks: string[]) =>
  `server:\n  command: ${
    faulty(...breaks)
  }\ncompliance:\n  spec_version: v2025-06-18\n  grade_delta:\n    baseline: .mcptest/grade.json\n${gate}  tests:\n    - name: PROTO-002\n    - name: TOOL-003\n    - name: RES-005\n    - name: SEQ-001\n`;

interface Gate {
  name: string;
  kind: string;
  status: string;
  assertions: { message?: string }[];
}

async function gatesOf(path: string): Promise<Gate[]> {
  const record = JSON.parse(await Deno.readTextFile(path));
  return record.tests.filter((t: Gate) => t.kind === "gate");
}

Deno.test("compliance run --save-grade records the grade; a broken rule then fails the gate (exit 1)", async (t) => {
  const dir = await tempProject({
    "suite.yml": suite(""),
    "broken.yml": suite("", "TOOL-003"),
  });
  const grade = `${dir}/.mcptest/grade.json`;
  try {
    await t.step("no baseline yet: PASS with the note saying how to save one", async () => {
      const run = await mcptest([
        "compliance",
        "run",
        "--from-suite",
        "suite.yml",
        "--reporter",
        "json",
        "--output",
        "run.json",
      ], { cwd: dir });
      assert.equal(run.code, 0, run.stdout + run.stderr);
      const [gate] = await gatesOf(`${dir}/run.json`);
      assert.equal(gate?.name, "grade_delta default [v2025-06-18]");
      assert.equal(gate?.status, "pass");
      assert.match(
        gate!.assertions[0]!.message!,
        /no baseline grade yet .*save one with mcptest compliance run --from-suite suite\.yml --save-grade/,
      );
    });
    await t.step("--save-grade writes the block's baseline file", async () => {
      const run = await mcptest(
        ["compliance", "run", "--from-suite", "suite.yml", "--save-grade"],
        {
          cwd: dir,
        },
      );
      assert.equal(run.code, 0, run.stdout + run.stderr);
      assert.match(
        run.stderr,
        /saved grade 100 \(A\) of server "default" \[v2025-06-18\] to \.mcptest\/grade\.json/,
      );
      assert.deepEqual(JSON.parse(await Deno.readTextFile(grade)), {
        version: 1,
        grades: {
          default: {
            spec_version: "v2025-06-18",
            score: 100,
            letter: "A",
            rules: {
              "PROTO-002": "pass",
              "RES-005": "pass",
              "SEQ-001": "pass",
              "TOOL-003": "pass",
            },
          },
        },
      });
    });
    await t.step(
      "saving again replaces the file atomically (a new file renamed over it)",
      async () => {
        const before = (await Deno.stat(grade)).ino;
        const run = await mcptest([
          "compliance",
          "run",
          "--from-suite",
          "suite.yml",
          "--save-grade",
        ], {
          cwd: dir,
        });
        assert.equal(run.code, 0, run.stderr);
        assert.notEqual((await Deno.stat(grade)).ino, before);
        assert.deepEqual([...Deno.readDirSync(`${dir}/.mcptest`)].map((e) => e.name), [
          "grade.json",
        ]);
      },
    );
    await t.step("the next run compares with it and passes", async () => {
      const run = await mcptest(["compliance", "run", "--from-suite", "suite.yml"], { cwd: dir });
      assert.equal(run.code, 0, run.stdout + run.stderr);
      assert.match(run.stdout, /PASS {2}grade_delta default \[v2025-06-18\]/);
    });
    await t.step("a broken rule drops the grade: the gate FAILs with the regression", async () => {
      const run = await mcptest(["compliance", "run", "--from-suite", "broken.yml"], { cwd: dir });
      assert.equal(run.code, 1, run.stdout + run.stderr);
      assert.match(run.stdout, /FAIL {2}grade_delta default \[v2025-06-18\]/);
      assert.match(run.stdout, /expected \(max_drop\): >= 0 \(no drop\)\n\s+actual: +-20\n/);
      assert.match(
        run.stdout,
        /grade 80 \(C\) vs baseline 100 \(A\): -20, regressions: TOOL-003/,
      );
    });
    await t.step("under mcptest run too: one result of kind gate, FAIL, exit 1", async () => {
      const run = await mcptest(
        ["run", "broken.yml", "--reporter", "json", "--output", "run.json"],
        {
          cwd: dir,
        },
      );
      assert.equal(run.code, 1, run.stdout + run.stderr);
      const gates = await gatesOf(`${dir}/run.json`);
      assert.deepEqual(gates.map((g) => [g.name, g.status]), [[
        "grade_delta default [v2025-06-18]",
        "fail",
      ]]);
    });
    await t.step(
      "a known failure (--baseline) does not hide the drop: the grade is raw",
      async () => {
        const accepted = await mcptest([
          "compliance",
          "baseline",
          "--from-suite",
          "broken.yml",
          "--output",
          "accepted.json",
        ], { cwd: dir });
        assert.equal(accepted.code, 0, accepted.stderr);
        const run = await mcptest([
          "compliance",
          "run",
          "--from-suite",
          "broken.yml",
          "--baseline",
          "accepted.json",
        ], { cwd: dir });
        assert.equal(run.code, 1, run.stdout + run.stderr);
        assert.match(run.stdout, /SKIP {2}TOOL-003 .*known failure/);
        assert.match(run.stdout, /FAIL {2}grade_delta default/);
      },
    );
    await t.step("max_drop tolerates the drop it names", async () => {
      await Deno.writeTextFile(`${dir}/tolerant.yml`, suite("    max_drop: 25\n", "TOOL-003"));
      const run = await mcptest(["compliance", "run", "--from-suite", "tolerant.yml"], {
        cwd: dir,
      });
      assert.equal(run.code, 1, "TOOL-003 itself still fails");
      assert.match(run.stdout, /PASS {2}grade_delta default/);
    });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("compliance run --save-grade PATH merges into the file, keeping other servers", async () => {
  const dir = await tempProject({
    "suite.yml": `server:\n  command: ${
      faulty("RES-005")
    }\ncompliance:\n  - name: PROTO-002\n  - name: RES-005\n`,
    "grades.json": JSON.stringify({
      version: 1,
      grades: { other: { spec_version: "draft", score: 50, letter: "D", rules: {} } },
    }),
  });
  try {
    const run = await mcptest([
      "compliance",
      "run",
      "--from-suite",
      "suite.yml",
      "--save-grade",
      "grades.json",
    ], { cwd: dir });
    assert.equal(run.code, 1, "RES-005 fails");
    const file = JSON.parse(await Deno.readTextFile(`${dir}/grades.json`));
    assert.deepEqual(Object.keys(file.grades), ["default", "other"]);
    assert.equal(file.grades.default.score, 60);
    assert.equal(file.grades.default.letter, "D");
    assert.deepEqual(file.grades.default.rules, { "PROTO-002": "pass", "RES-005": "fail" });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("grade_delta config errors exit 2 before any server starts", async (t) => {
  const dir = await tempProject({
    "suite.yml": suite(""),
    "plain.yml": `server:\n  command: ${faulty()}\ncompliance:\n  - name: PROTO-002\n`,
    ".mcptest/grade.json":
      `{"version": 1, "grades": {"default": {"spec_version": "v2025-06-18", "score": "high"}}}`,
  });
  try {
    await t.step("a malformed grade file, under run and compliance run", async () => {
      for (
        const args of [["run", "suite.yml"], ["compliance", "run", "--from-suite", "suite.yml"]]
      ) {
        const run = await mcptest(args, { cwd: dir });
        assert.equal(run.code, 2, run.stdout + run.stderr);
        assert.equal(run.stdout, "");
        assert.match(
          run.stderr,
          /error: \.mcptest\/grade\.json: grades\["default"\]\.score is "high", expected a number from 0 to 100/,
        );
      }
    });
    await t.step("--save-grade without a path on a block without grade_delta:", async () => {
      const run = await mcptest(
        ["compliance", "run", "--from-suite", "plain.yml", "--save-grade"],
        {
          cwd: dir,
        },
      );
      assert.equal(run.code, 2);
      assert.match(
        run.stderr,
        /--save-grade needs a path: .*plain\.yml has no grade_delta: baseline:/,
      );
    });
    await t.step("--save-grade with --server", async () => {
      const run = await mcptest([
        "compliance",
        "run",
        "--server",
        "deno run server.ts",
        "--spec-version",
        "v2025-06-18",
        "--save-grade",
        "g.json",
      ], { cwd: dir });
      assert.equal(run.code, 2);
      assert.match(run.stderr, /--save-grade needs --from-suite/);
    });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
