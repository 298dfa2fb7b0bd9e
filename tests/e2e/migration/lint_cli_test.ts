/** @module `mcptest lint` as a process: finding lines, json format, exit codes 0 / 1 / 2. */

import assert from "node:assert/strict";
import { SOURCES } from "../../fixtures/migration/sources.ts";
import { mcptest } from "../../_helpers/cli.ts";
import { repoFile, tempTree } from "../../7_features/migration/_tree.ts";

/** Run lint in a temp folder holding the fixture sources. */
async function lintIn(args: string[]) {
  const tree = await tempTree({ ...SOURCES, "other/not_a_suite.ts": "export {};\n" });
  try {
    return await mcptest(["lint", ...args], { cwd: tree.dir });
  } finally {
    await tree.cleanup();
  }
}

Deno.test("lint prints file:line:col rule-id message for each finding and exits 1", async () => {
  const run = await lintIn(["suites", "cassettes"]);
  assert.equal(run.code, 1, run.stderr);
  const lines = run.stdout.split("\n").filter((l) => /^\S+:\d+:\d+ /.test(l));
  assert.deepEqual(lines.map((l) => l.split(" ").slice(0, 2).join(" ")), [
    "suites/legacy_mixed.yml:6:7 sampling-deprecated",
    "suites/legacy_mixed.yml:14:27 legacy-error-code",
    "suites/legacy_mixed.yml:17:24 legacy-error-code",
    "suites/legacy_mixed.yml:24:17 ping-removed",
    "suites/legacy_mixed.yml:30:20 rc-error-codes",
    // Line 2 is the recorded server's capabilities (logging): the server's, no finding.
    "cassettes/legacy.json:6:67 legacy-error-code",
    "cassettes/legacy.json:9:57 logging-set-level-removed",
  ]);
  assert.match(run.stdout, /legacy-error-code -32002 found: .*replace -32002 with -32602/);
  assert.match(run.stdout, /\n7 findings in 2 files \(2 files checked, target 2026-07-28\)\n$/);
});

Deno.test("lint of the legacy example flags the literal -32002 with -32602 as replacement", async () => {
  const run = await mcptest(["lint", "migration-legacy-suite.yml"], { cwd: repoFile("examples") });
  assert.equal(run.code, 1);
  assert.equal(
    run.stdout.split("\n")[0],
    "migration-legacy-suite.yml:18:18 legacy-error-code -32002 found: 2026-07-28 answers a missing resource with -32602 (Invalid Params); replace -32002 with -32602",
  );
});

Deno.test("lint of clean files exits 0", async () => {
  const run = await lintIn(["clean"]);
  assert.equal(run.code, 0, run.stdout + run.stderr);
  assert.equal(run.stdout, "no findings (2 files checked, target 2026-07-28)\n");
  const example = await mcptest(["lint", "migration.yml"], { cwd: repoFile("examples") });
  assert.equal(example.code, 0, example.stdout);
});

Deno.test("lint --format json reports findings with positions", async () => {
  const run = await lintIn(["cassettes/legacy.json", "--format", "json"]);
  assert.equal(run.code, 1);
  const report = JSON.parse(run.stdout);
  assert.equal(report.version, 1);
  assert.equal(report.files_checked, 1);
  assert.deepEqual(report.errors, []);
  assert.deepEqual(report.findings[0], {
    file: "cassettes/legacy.json",
    line: 6,
    col: 67,
    rule: "legacy-error-code",
    category: "error-code",
    message:
      "-32002 found: 2026-07-28 answers a missing resource with -32602 (Invalid Params); replace -32002 with -32602",
    autofix: false,
  });
});

Deno.test("lint exits 2 on invalid YAML or JSON, naming file:line:col", async () => {
  const run = await lintIn(["broken", "clean"]);
  assert.equal(run.code, 2);
  assert.match(run.stderr, /^error: broken\/broken\.json:2:22: invalid JSON: /m);
  assert.match(run.stderr, /^error: broken\/broken\.yml:\d+:\d+: invalid YAML: /m);
  assert.doesNotMatch(run.stderr, /\n\s+at /);
});

Deno.test("lint exits 2 on a missing path, a non-YAML file and an unknown --format", async () => {
  const missing = await lintIn(["nope/"]);
  assert.equal(missing.code, 2);
  assert.match(missing.stderr, /error: nope\/: no such file or folder/);
  const other = await lintIn(["other/not_a_suite.ts"]);
  assert.equal(other.code, 2);
  assert.match(other.stderr, /not a YAML \(\.yml, \.yaml\) or JSON \(\.json\) file/);
  const format = await lintIn(["clean", "--format", "xml"]);
  assert.equal(format.code, 2);
  assert.match(format.stderr, /unknown --format "xml"/);
});
