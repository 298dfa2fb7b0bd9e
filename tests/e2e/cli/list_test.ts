/** @module `mcptest list`, the exit-7 "looked for" message, and subcommand suggestions. */

import assert from "node:assert/strict";
import { mcptest, ROOT } from "../../_helpers/cli.ts";

Deno.test("mcptest list prints the selected tests with file:line:col, kind and server; starts nothing", async (t) => {
  await t.step("every test of an example", async () => {
    const run = await mcptest(["list", "examples/getting-started.yml"]);
    assert.equal(run.code, 0, run.stderr);
    const lines = run.stdout.trimEnd().split("\n");
    assert.match(lines[0]!, /^examples\/getting-started\.yml:\d+:5 +tool +\S.* +\(items\)$/);
    assert.equal(lines.at(-1), "6 tests in 1 file");
  });
  await t.step("--filter selects, and --format json gives the same facts", async () => {
    const run = await mcptest([
      "list",
      "examples/getting-started.yml",
      "--filter",
      "add",
      "--format",
      "json",
    ]);
    assert.equal(run.code, 0, run.stderr);
    const { tests } = JSON.parse(run.stdout);
    assert.equal(tests.length, 1);
    assert.equal(tests[0].server, "items");
    assert.equal(tests[0].kind, "tool");
    assert.equal(tests[0].file, "examples/getting-started.yml");
    assert.ok(Number.isInteger(tests[0].line) && tests[0].line > 1);
  });
  await t.step("a server that cannot start is never started", async () => {
    const dir = await Deno.makeTempDir({ prefix: "mcptest-list-" });
    try {
      await Deno.writeTextFile(
        `${dir}/t.yml`,
        "servers:\n  s:\n    command: [/nonexistent/server]\ntools:\n  - name: a\n    tool: x\n",
      );
      const run = await mcptest(["list", "t.yml"], { cwd: dir });
      assert.equal(run.code, 0, run.stderr);
      assert.match(run.stdout, /^t\.yml:5:5 {2}tool {2}a {2}\(s\)$/m);
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  });
  await t.step("a bad target is a load error (exit 2), as for a run", async () => {
    const dir = await Deno.makeTempDir({ prefix: "mcptest-list-" });
    try {
      await Deno.writeTextFile(
        `${dir}/t.yml`,
        "servers:\n  s:\n    command: [x]\ntools:\n  - name: a\n    tool: x\n    expect:\n      - target: content\n        matcher: { exists: true }\n",
      );
      const run = await mcptest(["list", "t.yml"], { cwd: dir });
      assert.equal(run.code, 2);
      assert.match(run.stderr, /^error: t\.yml:8:9: target "content" cannot exist/m);
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  });
});

Deno.test("an empty run says what it looked for and where, then exits 7", async (t) => {
  const dir = await Deno.makeTempDir({ prefix: "mcptest-empty-" });
  try {
    await t.step("no config, no tests/", async () => {
      const run = await mcptest(["run"], { cwd: dir });
      assert.equal(run.code, 7);
      assert.match(run.stderr, /^error: no tests selected/m);
      assert.ok(
        run.stderr.includes(`looked for: mcptest.yml in ${await Deno.realPath(dir)}`) ||
          run.stderr.includes(`looked for: mcptest.yml in ${dir}`),
        run.stderr,
      );
      assert.match(run.stderr, /tests\/\*\*\/\*\.\{yml,yaml\} \(no tests\/ folder\)/);
      assert.match(run.stderr, /start a suite with: mcptest init --server/);
    });
    await t.step("given paths, and a filter that matches nothing", async () => {
      const run = await mcptest(
        ["run", `${ROOT}examples/getting-started.yml`, "--filter", "no-such-test"],
        { cwd: dir },
      );
      assert.equal(run.code, 7);
      assert.match(run.stderr, /looked in: .*getting-started\.yml \(files as given/);
      assert.match(run.stderr, /found: 1 file \(.*\) with 6 tests/);
      assert.match(run.stderr, /none of them matched the selection/);
    });
    await t.step("mcptest list says the same", async () => {
      const run = await mcptest(["list"], { cwd: dir });
      assert.equal(run.code, 7);
      assert.match(run.stderr, /looked for: mcptest\.yml in /);
    });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("commander suggests the closest subcommand; init and list are commands now", async () => {
  const typo = await mcptest(["lsit"]);
  assert.equal(typo.code, 2);
  assert.match(typo.stderr, /unknown command 'lsit'\n\(Did you mean list\?\)/);
  const init = await mcptest(["init", "--help"]);
  assert.equal(init.code, 0);
  assert.match(init.stdout, /Usage: mcptest init \[options\]/);
  const inti = await mcptest(["inti"]);
  assert.match(inti.stderr, /\(Did you mean init\?\)/);
});
