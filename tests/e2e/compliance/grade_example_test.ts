/** @module examples/compliance-grade*.yml: pass as documented, their legacy-scenario variants fail the gate, and the committed baseline is what --save-grade writes. */

import assert from "node:assert/strict";
import { mcptest, ROOT, tempProject } from "../../_helpers/cli.ts";

const EXAMPLE = "examples/compliance-grade.yml";
const TOLERANCE = "examples/compliance-grade-tolerance.yml";
const BASELINE = "examples/compliance-grade.baseline.json";

/** A temp project holding `example` as suite.yml (server path made absolute, `flags` added) and the baseline. */
async function variant(example: string, ...flags: string[]): Promise<string> {
  const text = await Deno.readTextFile(`${ROOT}${example}`);
  const server = '    "servers/items_server.ts",\n';
  assert.ok(text.includes(server), `${example} still starts servers/items_server.ts`);
  const replaced = text.replace(
    server,
    [`${ROOT}examples/servers/items_server.ts`, ...flags].map((a) => `    ${JSON.stringify(a)},\n`)
      .join(""),
  );
  return await tempProject({
    "suite.yml": replaced,
    "compliance-grade.baseline.json": await Deno.readTextFile(`${ROOT}${BASELINE}`),
  });
}

interface Gate {
  kind: string;
  name: string;
  status: string;
  assertions: { target: string; status: string; message?: string }[];
}

Deno.test("compliance-grade.yml passes under compliance run and run: the gate is one PASS result", async (t) => {
  await t.step("compliance run --from-suite", async () => {
    const run = await mcptest(["compliance", "run", "--from-suite", EXAMPLE]);
    assert.equal(run.code, 0, run.stdout + run.stderr);
    assert.match(run.stdout, /PASS {2}grade_delta default \[v2026-07-28\]/);
    assert.match(run.stdout, /8 passed, 0 failed/);
  });
  await t.step("run, JSON record", async () => {
    const dir = await Deno.makeTempDir({ prefix: "mcptest-grade-" });
    try {
      const run = await mcptest([
        "run",
        EXAMPLE,
        "--reporter",
        "json",
        "--output",
        `${dir}/r.json`,
      ]);
      assert.equal(run.code, 0, run.stdout + run.stderr);
      const record = JSON.parse(await Deno.readTextFile(`${dir}/r.json`));
      const gates = record.tests.filter((g: Gate) => g.kind === "gate");
      assert.equal(gates.length, 1);
      assert.equal(gates[0].status, "pass");
      assert.equal(gates[0].assertions[0].message, "grade 100 (A) vs baseline 100 (A): 0");
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  });
  await t.step("compliance-grade-tolerance.yml (expect: form)", async () => {
    const run = await mcptest(["compliance", "run", "--from-suite", TOLERANCE]);
    assert.equal(run.code, 0, run.stdout + run.stderr);
    assert.match(run.stdout, /PASS {2}grade_delta default \[v2026-07-28\]/);
  });
});

Deno.test("compliance-grade.yml, legacy-scenario variant: RES-002 regresses, the gate FAILs (exit 1)", async () => {
  const dir = await variant(EXAMPLE, "--scenario", "legacy");
  try {
    const run = await mcptest(["compliance", "run", "--from-suite", "suite.yml"], { cwd: dir });
    assert.equal(run.code, 1, run.stdout + run.stderr);
    assert.match(run.stdout, /FAIL {2}RES-002 /);
    assert.match(run.stdout, /FAIL {2}grade_delta default \[v2026-07-28\]/);
    assert.match(
      run.stdout,
      /grade 81\.3 \(C\) vs baseline 100 \(A\): -18\.7, regressions: RES-002\n/,
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("compliance-grade-tolerance.yml, legacy-scenario variant: the delta fails, the letter passes", async () => {
  const dir = await variant(TOLERANCE, "--scenario", "legacy");
  try {
    const run = await mcptest(["run", "suite.yml", "--reporter", "json", "--output", "r.json"], {
      cwd: dir,
    });
    assert.equal(run.code, 1, run.stdout + run.stderr);
    const record = JSON.parse(await Deno.readTextFile(`${dir}/r.json`));
    const [gate] = record.tests.filter((g: Gate) => g.kind === "gate") as Gate[];
    assert.equal(gate?.status, "fail");
    assert.deepEqual(gate?.assertions.map((a) => [a.target, a.status]), [
      ["grade_delta", "fail"],
      ["grade_letter", "pass"],
    ]);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("compliance-grade.baseline.json is exactly what --save-grade writes for the example", async () => {
  const dir = await variant(EXAMPLE);
  try {
    const run = await mcptest([
      "compliance",
      "run",
      "--from-suite",
      "suite.yml",
      "--save-grade",
      "saved.json",
    ], { cwd: dir });
    assert.equal(run.code, 0, run.stdout + run.stderr);
    assert.equal(
      await Deno.readTextFile(`${dir}/saved.json`),
      await Deno.readTextFile(`${ROOT}${BASELINE}`),
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
