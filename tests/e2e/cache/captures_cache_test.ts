/** @module Tests that take or use captures through the result cache (real CLI, the captures example replayed): served together once stored, run together when one of them changes, the same verdicts either way. */

import assert from "node:assert/strict";
import { mcptest as run, ROOT, tempProject } from "../../_helpers/cli.ts";

const EXAMPLE = "examples/captures.yml";

Deno.test("a capture and the tests that use it are served from the cache together, or run together", async () => {
  const text = (await Deno.readTextFile(`${ROOT}${EXAMPLE}`))
    .replace('cwd: "."', `cwd: ${JSON.stringify(`${ROOT}examples`)}`);
  const dir = await tempProject({ "suite.yml": text });
  const home = await Deno.makeTempDir({ prefix: "mcptest-cache-home-" });
  const mcptest = (args: string[]) => run(args, { cwd: dir, env: { XDG_CACHE_HOME: home } });
  const lines = (stdout: string) =>
    stdout.split("\n").filter((l) => /^\s*(PASS|FAIL|ERROR)/.test(l));
  try {
    assert.equal((await mcptest(["run", "--record", "suite.yml"])).code, 0);
    const stored = await mcptest(["run", "suite.yml"]);
    assert.equal(stored.code, 0, stored.stdout + stored.stderr);
    assert.match(stored.stdout, /3 passed, 0 failed/);
    assert.doesNotMatch(stored.stdout, /cached/);
    const served = await mcptest(["run", "suite.yml"]);
    assert.equal(served.code, 0, served.stdout + served.stderr);
    assert.equal(
      lines(served.stdout).filter((l) => l.includes("(cached)")).length,
      3,
      served.stdout,
    );
    // The last user changes: it runs, with the capture its provider sets again (both run).
    const edited = text.replace(
      'regex: "^item \\\\d+ created$"',
      'regex: "^item \\\\d+ created!?$"',
    );
    assert.notEqual(edited, text);
    await Deno.writeTextFile(`${dir}/suite.yml`, edited);
    const rerun = await mcptest(["run", "suite.yml"]);
    assert.equal(rerun.code, 0, rerun.stdout + rerun.stderr);
    assert.match(rerun.stdout, /3 passed, 0 failed/);
    assert.doesNotMatch(rerun.stdout, /cached/);
    const json = await mcptest(["run", "suite.yml", "--reporter", "json"]);
    const tests = JSON.parse(json.stdout).tests as { status: string; cached?: boolean }[];
    assert.deepEqual(tests.map((t) => [t.status, t.cached]), [
      ["pass", true],
      ["pass", true],
      ["pass", true],
    ]);
  } finally {
    await Deno.remove(dir, { recursive: true });
    await Deno.remove(home, { recursive: true });
  }
});
