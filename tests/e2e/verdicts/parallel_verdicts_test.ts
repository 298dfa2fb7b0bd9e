/** @module Verdicts never depend on load: four `compliance run`s (and four `conformance run`s) of the faulty fixture at once, through the real CLI, judge every rule as one run alone does. */

import assert from "node:assert/strict";
import { mcptest } from "../../_helpers/cli.ts";
import { getDenoDir, runCli } from "../../7_features/conformance/_cli.ts";
import type { ConformanceResult } from "../../../src/7_features/conformance/result.ts";
import type { TestResult } from "../../../src/4_record/run_record.ts";
import { faultyArgv } from "../compliance/_servers.ts";
import {
  checkVerdicts,
  describeFlips,
  type Flip,
  flips,
  ruleVerdict,
  type Verdicts,
} from "./_verdicts.ts";

const commandLine = (argv: readonly string[]) => argv.map((a) => `'${a}'`).join(" ");

/** How many times four runs go at once (a window that flips under load may not flip every time). */
const ROUNDS = 2;

/**
 * Run `once` alone and check it with `right`, then {@link ROUNDS} times four at once; the flips of
 * each of those against the one alone.
 */
async function aloneThenFour(
  once: () => Promise<Verdicts>,
  right: (alone: Verdicts) => void,
): Promise<Flip[]> {
  const alone = await once();
  right(alone);
  const found: Flip[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    // allSettled: every run ends (and reaps its server) before a failure is reported.
    const settled = await Promise.allSettled([once(), once(), once(), once()]);
    const four = settled.map((s) => {
      if (s.status === "rejected") throw s.reason;
      return s.value;
    });
    four.forEach((verdicts, i) => {
      for (const f of flips(alone, verdicts)) {
        found.push({ ...f, id: `round ${round}, run ${i + 1} of 4: ${f.id}` });
      }
    });
  }
  return found;
}

/** A fresh working directory and cache per run: no project file, no cached corpus or result. */
async function inTemp<T>(body: (dir: string) => Promise<T>): Promise<T> {
  const dir = await Deno.makeTempDir({ prefix: "mcptest-parallel-" });
  try {
    return await body(dir);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test("four compliance runs at once judge every rule as a run alone does", async () => {
  // The conformant fixture, as the issue measured it (every raw frame answered, so a late answer
  // adopted by the wrong request shows as a failure), at the newest revision it speaks.
  const server = commandLine(faultyArgv());
  const once = () =>
    inTemp(async (dir) => {
      const run = await mcptest(
        [
          "compliance",
          "run",
          "--server",
          server,
          "--spec-version",
          "v2026-07-28",
          "--reporter",
          "json",
        ],
        // DENO_DIR stays Deno's own: a moved XDG_CACHE_HOME would move it too.
        { cwd: dir, env: { XDG_CACHE_HOME: dir, DENO_DIR: await getDenoDir() } },
      );
      assert.ok(run.code === 0 || run.code === 1, `exit ${run.code}: ${run.stderr}`);
      const record = JSON.parse(run.stdout) as { tests: TestResult[] };
      assert.ok(record.tests.length > 50, `${record.tests.length} rules ran`);
      return Object.fromEntries(
        record.tests.map((t) => [t.id.split("::").at(-1)!, ruleVerdict(t)]),
      );
    });
  const found = await aloneThenFour(once, (alone) => {
    // The run alone is right: the conformant fixture fails no rule.
    const failed = Object.entries(alone).filter(([, v]) => v.key !== "pass" && v.key !== "skip");
    assert.deepEqual(failed, [], "rules that failed alone on the conformant fixture");
  });
  assert.deepEqual(found, [], describeFlips("parallel compliance", found));
});

Deno.test("four conformance runs at once judge every check as a run alone does", async () => {
  const server = commandLine(faultyArgv());
  const once = () =>
    inTemp(async (dir) => {
      const run = await runCli(
        ["run", "--server", server, "--target-version", "2026-07-28", "--reporter", "json"],
        { env: { XDG_CACHE_HOME: dir } },
      );
      assert.equal(run.code, 0, run.stderr);
      const result = JSON.parse(run.stdout) as ConformanceResult;
      assert.ok(result.checks.length > 50, `${result.checks.length} checks scored`);
      return checkVerdicts(result);
    });
  const found = await aloneThenFour(once, (alone) => {
    assert.ok(Object.values(alone).some((v) => v.key === "pass"), "some check passes alone");
  });
  assert.deepEqual(found, [], describeFlips("parallel conformance", found));
});
