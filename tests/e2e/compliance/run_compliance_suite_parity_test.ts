/** @module `mcptest compliance run` and the library's `runComplianceSuite` give the same run record: a suite's blocks and gates, one server's rules, a baseline, a capture. */

import assert from "node:assert/strict";
import { runComplianceSuite } from "../../../src/5_execute/compliance/run_compliance_suite.ts";
import { serverFromFlag } from "../../../src/3_load/config/server_spec.ts";
import { itemsServerArgv, mcptest, ROOT } from "../../_helpers/cli.ts";

/**
 * Wall-clock facts differ between two runs, and so do JSON-RPC ids quoted in a verdict (ids are
 * unique across the sessions of one process: this test process has opened others before); everything
 * else must be identical.
 */
function normalise(text: string): string {
  return JSON.stringify(
    JSON.parse(text, (key, value) => {
      if (key === "durationMs") return 0;
      if (key === "startedAt") return "T";
      if (typeof value === "string") return value.replace(/"id":\d+/g, '"id":0');
      return value;
    }),
    null,
    2,
  );
}

/** The items server as a `--server` value (a command line, quoted for the shell splitter). */
const ITEMS = itemsServerArgv().map((word) => JSON.stringify(word)).join(" ");

/** `mcptest compliance run ...args --reporter json`: the record it wrote, its exit code and stderr. */
async function cliRun(dir: string, args: readonly string[]) {
  const out = `${dir}/record.json`;
  const cli = await mcptest([
    "compliance",
    "run",
    ...args,
    "--reporter",
    "json",
    "--output",
    out,
  ]);
  const record = await Deno.readTextFile(out).catch(() => "");
  await Deno.remove(out).catch(() => {});
  return { ...cli, record };
}

Deno.test("runComplianceSuite() gives the record `mcptest compliance run --reporter json` writes", async (t) => {
  const dir = await Deno.makeTempDir({ prefix: "mcptest-compliance-parity-" });
  try {
    for (const file of ["compliance.yml", "compliance-grade.yml", "spec-version-pinning.yml"]) {
      await t.step(`--from-suite examples/${file}`, async () => {
        const cli = await cliRun(dir, ["--from-suite", `examples/${file}`]);
        assert.ok(cli.code === 0 || cli.code === 1, cli.stderr);
        const run = await runComplianceSuite({ fromSuite: `examples/${file}`, cwd: ROOT });
        assert.ok(run.record.tests.length > 0);
        assert.equal(normalise(JSON.stringify(run.record)), normalise(cli.record));
      });
    }
    await t.step("--server with --spec-version", async () => {
      const cli = await cliRun(dir, ["--server", ITEMS, "--spec-version", "v2025-06-18"]);
      assert.ok(cli.code === 0 || cli.code === 1, cli.stderr);
      const server = serverFromFlag(ITEMS, { defaultName: "server", timeoutMs: 5_000 });
      const run = await runComplianceSuite({ server, revision: "v2025-06-18" });
      assert.equal(normalise(JSON.stringify(run.record)), normalise(cli.record));
    });
    await t.step("--server alone: the revision the server negotiates, said on stderr", async () => {
      const cli = await cliRun(dir, ["--server", ITEMS]);
      const server = serverFromFlag(ITEMS, { defaultName: "server", timeoutMs: 5_000 });
      const run = await runComplianceSuite({ server });
      assert.ok(run.pickedRevision !== undefined);
      assert.match(cli.stderr, new RegExp(`^spec version ${run.pickedRevision}: the newest`, "m"));
      assert.equal(normalise(JSON.stringify(run.record)), normalise(cli.record));
    });
    await t.step("--baseline and --capture", async () => {
      const baseline = `${dir}/baseline.json`;
      const made = await mcptest([
        "compliance",
        "baseline",
        "--from-suite",
        "examples/compliance.yml",
        "--output",
        baseline,
      ]);
      assert.equal(made.code, 0, made.stderr);
      const cli = await cliRun(dir, [
        "--from-suite",
        "examples/compliance.yml",
        "--baseline",
        baseline,
        "--capture",
        `${dir}/cli-capture.json`,
      ]);
      assert.equal(cli.code, 0, cli.stderr);
      const run = await runComplianceSuite({
        fromSuite: "examples/compliance.yml",
        cwd: ROOT,
        baseline,
        captureFile: `${dir}/lib-capture.json`,
      });
      assert.equal(normalise(JSON.stringify(run.record)), normalise(cli.record));
      const sessions = (path: string) =>
        Deno.readTextFile(path).then((text) => [JSON.parse(text)].flat().length);
      assert.equal(
        await sessions(`${dir}/lib-capture.json`),
        await sessions(`${dir}/cli-capture.json`),
      );
    });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
