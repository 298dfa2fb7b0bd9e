/** @module `mcptest conformance run|check-ids` and their library calls give the same report: runConformance() and checkIds(), rendered, equal what the CLI writes with the JSON format. */

import assert from "node:assert/strict";
import { join } from "node:path";
import { fixture, runCli } from "../../7_features/conformance/_cli.ts";
import { runConformance } from "../../../src/7_features/conformance/run_conformance.ts";
import { getConformanceReporter } from "../../../src/7_features/conformance/report/reporters.ts";
import { RevisionUnavailableError } from "../../../src/7_features/conformance/revision_unavailable.ts";
import { checkIds } from "../../../src/7_features/conformance/check_ids.ts";
import { CHECK_IDS_FORMATS } from "../../../src/7_features/conformance/check_ids_formats.ts";

const stdio = (name: string) =>
  [`"${Deno.execPath()}"`, "run", "--no-prompt", "--allow-write", `"${fixture(name)}"`].join(" ");

/** A flat folder of SEP files: the same corpus for both, whatever the user cache holds. */
const CORPUS = fixture("upstream_seps");

/** Wall-clock facts differ between two runs; everything else must be byte-identical. */
function normalise(text: string): unknown {
  return JSON.parse(text, (key, value) => (key === "duration_ms" ? 0 : value));
}

async function withTemp(body: (dir: string) => Promise<void>): Promise<void> {
  const dir = await Deno.makeTempDir({ prefix: "mcptest-conf-parity-" });
  try {
    await body(dir);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test("runConformance() gives the report `conformance run --reporter json` writes", async (t) => {
  await withTemp(async (dir) => {
    const server = `tools=${stdio("stdio_tools_server.ts")}`;
    const flags = ["--corpus-dir", CORPUS, "--timeout", "30000"];
    for (const revision of ["2025-11-25", undefined]) {
      await t.step(
        revision ? `--target-version ${revision}` : "the server's revision",
        async () => {
          const out = join(dir, `${revision ?? "server"}.json`);
          const capture = join(dir, `${revision ?? "server"}.capture.json`);
          const pinned = revision ? ["--target-version", revision] : [];
          const run = await runCli([
            "run",
            "--server",
            server,
            ...flags,
            ...pinned,
            "--reporter",
            "json",
            "--out",
            out,
          ]);
          assert.equal(run.code, 0, run.stderr);
          const result = await runConformance({
            server,
            corpusDir: CORPUS,
            timeoutMs: 30_000,
            capture,
            ...(revision ? { revision } : {}),
          });
          const rendered = getConformanceReporter("json")(result, { color: false });
          assert.deepEqual(normalise(rendered), normalise(await Deno.readTextFile(out)));
          assert.equal(result.target_from, revision ? "flag" : "server");
          assert.ok(JSON.parse(await Deno.readTextFile(capture)), "the capture was written");
        },
      );
    }
    await t.step("a revision the server does not speak: the same exit-7 report", async () => {
      const out = join(dir, "unavailable.json");
      const run = await runCli([
        "run",
        "--server",
        server,
        ...flags,
        "--target-version",
        "2026-07-28",
        "--reporter",
        "json",
        "--out",
        out,
      ]);
      assert.equal(run.code, 7, run.stderr);
      const error = await runConformance({
        server,
        corpusDir: CORPUS,
        revision: "2026-07-28",
        timeoutMs: 30_000,
      }).then(() => undefined, (e: unknown) => e);
      assert.ok(error instanceof RevisionUnavailableError, String(error));
      assert.equal(error.exitCode, run.code);
      assert.deepEqual(error.report, JSON.parse(await Deno.readTextFile(out)));
      assert.equal(run.stderr, `${error.report.reason}\n`);
    });
  });
});

Deno.test("checkIds() gives the listing `conformance check-ids --format json` prints", async () => {
  const run = await runCli([
    "check-ids",
    "--corpus-dir",
    CORPUS,
    "--target-version",
    "2026-07-28",
    "--format",
    "json",
  ]);
  assert.equal(run.code, 0, run.stderr);
  const report = await checkIds({ corpusDir: CORPUS, revision: "2026-07-28" });
  assert.equal(CHECK_IDS_FORMATS.json(report), run.stdout);
});
