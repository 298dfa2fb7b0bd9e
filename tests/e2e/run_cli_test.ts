/** @module `mcptest run` through the real CLI: seed 001 output, load errors at file:line:col, selection exit codes. */

import assert from "node:assert/strict";
import { itemsServerYaml, mcptest, tempProject } from "../_helpers/cli.ts";

const durations = (text: string) =>
  text.replace(/\(\d+ms\)/g, "(Nms)").replace(/in \d+\.\ds/, "in N.Ns");

Deno.test("mcptest run examples/migration.yml prints seed 001's output and exits 1", async () => {
  const run = await mcptest(["run", "examples/migration.yml"]);
  assert.equal(run.code, 1, run.stderr);
  assert.equal(
    durations(run.stdout),
    [
      "  FAIL  missing resource returns standard -32602 (legacy)        (Nms)",
      "        at examples/migration.yml:36:9",
      "        result.error.code",
      "          expected (exact): -32602",
      "          actual:           -32002",
      "  PASS  missing resource returns standard -32602 (conformant)    (Nms)",
      "",
      "1 passed, 1 failed in N.Ns",
      "",
    ].join("\n"),
  );
});

Deno.test("mcptest run reports load errors at file:line:col and exits 2, without stack traces", async (t) => {
  const server = `servers:\n${itemsServerYaml()}`;
  const cases: [string, string, RegExp][] = [
    ["yaml syntax", `${server}tools:\n  - name: x\n    tool: [unclosed\n`, /suite\.yml:\d+:\d+: /],
    [
      "schema violation",
      `${server}tools:\n  - name: x\n    server: items\n    tool: echo\n    expekt: []\n`,
      /suite\.yml:\d+:\d+: .*expekt/,
    ],
    [
      "unknown server",
      `${server}tools:\n  - name: x\n    server: nope\n    tool: echo\n    expect: []\n`,
      /suite\.yml:\d+:\d+: .*"nope"/,
    ],
    [
      "unknown matcher",
      `${server}tools:\n  - name: x\n    server: items\n    tool: echo\n    expect:\n      - target: result\n        matcher: { equalz: 1 }\n`,
      /suite\.yml:10:18: unknown matcher "equalz", expected one of: exact/,
    ],
    [
      "an agents: test without its required keys",
      `${server}agents:\n  - name: an agent test\n`,
      /suite\.yml:\d+:\d+: .*(missing|required).*(prompt|servers|model)/,
    ],
    [
      "unresolvable variable",
      `${server}tools:\n  - name: x\n    server: items\n    tool: echo\n    args: { text: "\${nowhere_defined}" }\n    expect: []\n`,
      /suite\.yml:\d+:\d+: .*nowhere_defined/,
    ],
  ];
  for (const [name, yaml, pattern] of cases) {
    await t.step(name, async () => {
      const dir = await tempProject({ "suite.yml": yaml });
      try {
        const run = await mcptest(["run", "suite.yml"], { cwd: dir });
        assert.equal(run.code, 2, run.stderr);
        assert.match(run.stderr, pattern);
        assert.doesNotMatch(run.stderr, /\n\s+at /, "no stack trace");
      } finally {
        await Deno.remove(dir, { recursive: true });
      }
    });
  }
});

Deno.test("mcptest run selection: nothing selected exits 7 unless --pass-with-no-tests", async () => {
  const run = await mcptest([
    "run",
    "examples/getting-started.yml",
    "--filter",
    "no test has this name",
  ]);
  assert.equal(run.code, 7, run.stderr);
  const allowed = await mcptest([
    "run",
    "examples/getting-started.yml",
    "--filter",
    "no test has this name",
    "--pass-with-no-tests",
  ]);
  assert.equal(allowed.code, 0, allowed.stderr);
});

Deno.test("mcptest run --reporter json --output writes the run record", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const out = `${dir}/run.json`;
    const run = await mcptest([
      "run",
      "examples/getting-started.yml",
      "--reporter",
      "json",
      "--output",
      out,
    ]);
    assert.equal(run.code, 0, run.stderr);
    const record = JSON.parse(await Deno.readTextFile(out));
    assert.equal(record.version, 1);
    assert.equal(record.summary.total, record.summary.passed);
    assert.ok(record.summary.total >= 5);
    assert.equal(record.tests[0].file, "examples/getting-started.yml");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("mcptest run refuses a snapshot write under CI=true with exit 5, records it otherwise", async () => {
  const yaml =
    `servers:\n${itemsServerYaml()}tools:\n  - name: echo snapshot\n    server: items\n    tool: echo\n    args: { text: hi }\n    expect:\n      - target: result.content\n        matcher: { snapshot: echo-hi }\n`;
  const dir = await tempProject({ "suite.yml": yaml });
  try {
    const refused = await mcptest(["run", "suite.yml"], { cwd: dir, env: { CI: "true" } });
    assert.equal(refused.code, 5, refused.stderr);
    assert.match(refused.stderr, /refused under CI=true/);
    const recorded = await mcptest(["run", "suite.yml"], { cwd: dir });
    assert.equal(recorded.code, 0, recorded.stderr);
    const stored = JSON.parse(await Deno.readTextFile(`${dir}/snapshots/echo-hi.json`));
    assert.equal(stored[0].text.includes("hi"), true);
    const again = await mcptest(["run", "suite.yml"], { cwd: dir, env: { CI: "true" } });
    assert.equal(again.code, 0, again.stderr);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
