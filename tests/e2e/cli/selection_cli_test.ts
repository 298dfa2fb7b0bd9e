/** @module `mcptest run` with --tag, --exclude-tag, --bail, --retries, only: under CI, and flaky tests in every reporter. */

import assert from "node:assert/strict";
import { mcptest, ROOT } from "../../_helpers/cli.ts";
import { getReporter } from "../../../src/6_report/reporters.ts";
import type { RunRecord, TestResult } from "../../../src/4_record/run_record.ts";
import { summarize } from "../../../src/4_record/summary.ts";

const EXAMPLE = "examples/selection.yml";

Deno.test("mcptest run --tag / --exclude-tag select by tags:", async (t) => {
  await t.step("--tag smoke", async () => {
    const run = await mcptest(["run", EXAMPLE, "--no-cache", "--tag", "smoke"]);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /add answers/);
    assert.doesNotMatch(run.stdout, /slow answers|second new item/);
    assert.match(run.stdout, /1 passed, 0 failed/);
  });
  await t.step("--exclude-tag slow", async () => {
    const run = await mcptest(["run", EXAMPLE, "--no-cache", "--exclude-tag", "slow"]);
    assert.equal(run.code, 0, run.stderr);
    assert.doesNotMatch(run.stdout, /slow answers/);
    assert.match(run.stdout, /2 passed, 0 failed, 1 skipped, 1 flaky/);
  });
  await t.step("--tag nothing-has: no tests selected, exit 7", async () => {
    const run = await mcptest(["run", EXAMPLE, "--no-cache", "--tag", "nope"]);
    assert.equal(run.code, 7);
  });
});

Deno.test("mcptest run refuses only: under CI=true with exit 2", async () => {
  const dir = await Deno.makeTempDir({ prefix: "mcptest-only-" });
  try {
    await Deno.writeTextFile(
      `${dir}/s.yml`,
      `servers:\n  x:\n    command: ["never-started"]\ntools:\n  - name: focused\n    tool: echo\n    only: true\n`,
    );
    const ci = await mcptest(["run", "s.yml"], { cwd: dir, env: { CI: "true" } });
    assert.equal(ci.code, 2);
    assert.match(ci.stderr, /only: is not allowed under CI=true[^\n]*s\.yml:5:5 "focused"/);
    assert.doesNotMatch(ci.stderr, /at .*\.ts:\d+/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("mcptest run --bail stops at the first failure; --retries must be a whole number", async (t) => {
  await t.step("--bail with no value after a failing test", async () => {
    const dir = await Deno.makeTempDir({ prefix: "mcptest-bail-" });
    try {
      await Deno.writeTextFile(
        `${dir}/s.yml`,
        `servers:\n  items:\n    command: ["deno", "run", "--allow-net=127.0.0.1", "--allow-env", "--allow-read", "${ROOT}examples/servers/items_server.ts"]\ntools:\n  - name: wrong sum\n    tool: add\n    args: { a: 1, b: 1 }\n    expect:\n      - target: result.structuredContent.sum\n        matcher: { exact: 3 }\n  - name: never started\n    tool: add\n    args: { a: 1, b: 1 }\n`,
      );
      const run = await mcptest(["run", "s.yml", "--no-cache", "--bail"], { cwd: dir });
      assert.equal(run.code, 1, run.stderr);
      assert.match(run.stdout, /FAIL {2}wrong sum/);
      assert.match(run.stdout, /SKIP {2}never started +\(--bail\)/);
      assert.match(run.stdout, /0 passed, 1 failed, 1 skipped/);
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  });
  await t.step("--bail 0 and --retries x are usage errors", async () => {
    const bail = await mcptest(["run", EXAMPLE, "--bail", "0"]);
    assert.equal(bail.code, 2);
    assert.match(bail.stderr, /--bail/);
    const retries = await mcptest(["run", EXAMPLE, "--retries", "x"]);
    assert.equal(retries.code, 2);
    assert.match(retries.stderr, /whole number of at least 0/);
  });
});

function recordOf(tests: TestResult[]): RunRecord {
  return {
    version: 1,
    tool: { name: "mcptest", version: "test" },
    startedAt: "2026-01-01T00:00:00.000Z",
    durationMs: 10,
    files: ["s.yml"],
    servers: [],
    tests,
    summary: summarize(tests),
  };
}

const base: TestResult = {
  id: "s.yml::tool::t",
  name: "retried test",
  kind: "tool",
  server: "x",
  file: "s.yml",
  line: 3,
  col: 5,
  status: "pass",
  durationMs: 4,
  assertions: [],
  budgets: [],
};

Deno.test("every reporter shows a flaky pass as flaky, and a plain pass without it", async (t) => {
  const flaky = recordOf([{ ...base, flaky: true, attempts: 2 }]);
  const plain = recordOf([base]);
  const expected: Record<string, RegExp> = {
    pretty: /FLAKY retried test[\s\S]*flaky: passed on attempt 2[\s\S]*1 flaky/,
    json: /"flaky": true[\s\S]*"attempts": 2[\s\S]*"flaky": 1/,
    junit: /name="mcptest.flaky" value="true"[\s\S]*name="mcptest.attempts" value="2"/,
    tap: /ok 1 - retried test[^\n]*\n# flaky: passed on attempt 2/,
    markdown: /### Flaky[\s\S]*retried test: flaky: passed on attempt 2/,
    html: /<b>1<\/b>flaky[\s\S]*flaky: passed on attempt 2/,
    sarif: /"ruleId": "flaky"[\s\S]*"level": "note"/,
  };
  for (const [name, pattern] of Object.entries(expected)) {
    await t.step(name, async () => {
      const render = await getReporter(name);
      const text = await render(flaky, { color: false });
      assert.match(text, pattern);
      assert.doesNotMatch(await render(plain, { color: false }), /flaky/i);
    });
  }
});
