/** @module `mcptest run` and `mcptest lint` warn, at file:line:col, on tool names and args a recorded tool list refuses; the exit code stays the verdict's (real CLI, replayed example). */

import assert from "node:assert/strict";
import { mcptest, ROOT, tempProject } from "../../_helpers/cli.ts";

const EXAMPLE = "examples/argument-warnings/suite.yml";
const CASSETTE = "examples/argument-warnings/cassettes/suite__items.json";

const TYPO = new RegExp(
  `^${EXAMPLE}:33:5: warning: tool "echoo" of test "a typo in the tool name" is not in the ` +
    `tools/list recorded in ${CASSETTE}; did you mean "echo"\\?$`,
  "m",
);
const ARGS = new RegExp(
  `^${EXAMPLE}:40:5: warning: args of test "a number where the inputSchema wants a string" do ` +
    `not validate against the inputSchema of tool "echo" recorded in ${CASSETTE}: /text must ` +
    `be string; expected args that validate against it$`,
  "m",
);

Deno.test("mcptest run warns on a wrong tool name and bad args, and exits with the verdict (0)", async () => {
  const run = await mcptest(["run", EXAMPLE]);
  assert.equal(run.code, 0, run.stdout + run.stderr);
  assert.match(run.stderr, TYPO);
  assert.match(run.stderr, ARGS);
  assert.match(run.stdout, /1 passed, 0 failed, 2 skipped/);
  assert.equal(run.stderr.match(/warning:/g)?.length, 2, run.stderr);
});

Deno.test("mcptest lint prints the same warnings, no findings, exit 0", async () => {
  const lint = await mcptest(["lint", EXAMPLE]);
  assert.equal(lint.code, 0, lint.stdout + lint.stderr);
  assert.match(lint.stderr, TYPO);
  assert.match(lint.stderr, ARGS);
  assert.match(lint.stdout, /no findings/);
  const json = await mcptest(["lint", EXAMPLE, "--format", "json"]);
  const report = JSON.parse(json.stdout);
  assert.deepEqual(report.warnings.map((w: { line: number }) => w.line), [33, 40]);
});

Deno.test("a suite whose calls match the recorded tool list gets no warning", async () => {
  const text = await Deno.readTextFile(`${ROOT}${EXAMPLE}`);
  const good = text.replace("tool: echoo", "tool: echo").replace("text: 42", 'text: "42"')
    .replace('cwd: ".."', `cwd: ${JSON.stringify(`${ROOT}examples`)}`);
  const dir = await tempProject({
    "suite.yml": good,
    "cassettes/suite__items.json": await Deno.readTextFile(`${ROOT}${CASSETTE}`),
  });
  try {
    const run = await mcptest(["run", "suite.yml"], { cwd: dir });
    assert.equal(run.code, 0, run.stdout + run.stderr);
    assert.doesNotMatch(run.stderr, /warning:/);
    const lint = await mcptest(["lint", "suite.yml"], { cwd: dir });
    assert.doesNotMatch(lint.stderr, /warning:/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a failing run with argument warnings still exits 1, not another code", async () => {
  const text = await Deno.readTextFile(`${ROOT}${EXAMPLE}`);
  // The passing test now expects other text: the replay fails it; the warnings change nothing.
  const failing = text.replace('matcher: { exact: "checked at load" }', 'matcher: { exact: "x" }');
  const dir = await tempProject({
    "suite.yml": failing,
    "cassettes/suite__items.json": await Deno.readTextFile(`${ROOT}${CASSETTE}`),
  });
  try {
    const run = await mcptest(["run", "suite.yml"], { cwd: dir });
    assert.equal(run.code, 1, run.stdout + run.stderr);
    assert.equal(run.stderr.match(/warning:/g)?.length, 2, run.stderr);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("the warnings a kept load serves follow the cassette they were checked against", async () => {
  const text = (await Deno.readTextFile(`${ROOT}${EXAMPLE}`))
    .replace('cwd: ".."', `cwd: ${JSON.stringify(`${ROOT}examples`)}`);
  const cassette = await Deno.readTextFile(`${ROOT}${CASSETTE}`);
  const dir = await tempProject({ "suite.yml": text, "cassettes/suite__items.json": cassette });
  const warnings = (stderr: string) => stderr.split("\n").filter((l) => l.includes("warning:"));
  try {
    const first = await mcptest(["run", "suite.yml"], { cwd: dir });
    assert.equal(first.code, 0, first.stdout + first.stderr);
    assert.equal(warnings(first.stderr).length, 2, first.stderr);
    const memos = [...Deno.readDirSync(`${dir}/.mcptest/cache/loads`)];
    assert.equal(memos.length, 1, "the load and its warnings are kept");
    const second = await mcptest(["run", "suite.yml"], { cwd: dir });
    assert.deepEqual(warnings(second.stderr), warnings(first.stderr));
    // The recorded echo now takes a number too: the args warning goes, the typo stays.
    const edited = JSON.parse(cassette);
    for (const exchange of edited.exchanges) {
      for (const tool of exchange.response?.result?.tools ?? []) {
        if (tool.name === "echo") tool.inputSchema.properties.text.type = ["string", "number"];
      }
    }
    await Deno.writeTextFile(
      `${dir}/cassettes/suite__items.json`,
      JSON.stringify(edited, null, 2) + "\n",
    );
    const third = await mcptest(["run", "suite.yml"], { cwd: dir });
    assert.equal(third.code, 0, third.stdout + third.stderr);
    assert.equal(warnings(third.stderr).length, 1, third.stderr);
    assert.match(third.stderr, /tool "echoo"/);
    const uncached = await mcptest(["run", "suite.yml", "--no-cache"], { cwd: dir });
    assert.deepEqual(warnings(uncached.stderr), warnings(third.stderr));
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
