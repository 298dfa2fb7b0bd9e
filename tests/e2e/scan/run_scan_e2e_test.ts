/** @module `scan:` in `mcptest run` (docs/scan.md): the scan's findings are results of the run. */

import assert from "node:assert/strict";
import { join } from "node:path";
import { mcptest } from "../../_helpers/cli.ts";

async function runJson(file: string) {
  const dir = await Deno.makeTempDir();
  try {
    const json = join(dir, "run.json");
    const run = await mcptest(["run", file, "--reporter", "pretty", "--reporter", `json:${json}`]);
    return { run, record: JSON.parse(await Deno.readTextFile(json)) };
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

type Row = { kind: string; status: string; name: string; assertions: { matcher: string }[] };

Deno.test("scan: in a run: a poisoned server's high findings fail the run as scan results", async () => {
  const { run, record } = await runJson("tests/fixtures/scan_run/poisoned.yml");
  assert.equal(run.code, 1, run.stdout + run.stderr);
  const scan = (record.tests as Row[]).filter((t) => t.kind === "scan");
  const suiteTests = (record.tests as Row[]).filter((t) => t.kind !== "scan");
  assert.deepEqual(suiteTests.map((t) => t.status), ["pass"]);
  const failing = scan.filter((t) => t.status === "fail");
  assert.ok(failing.length > 0);
  assert.ok(failing.every((t) => / \(high\) poisoned: /.test(t.name)));
  assert.ok(failing.some((t) => t.assertions[0]?.matcher === "SCAN-003"), "a secret-file request");
  assert.ok(scan.some((t) => t.status === "skip"), "findings below fail_on are listed, skipped");
  assert.match(run.stdout, /FAIL {2}scan SCAN-\d{3} \(high\) poisoned:/);
  assert.equal(record.summary.failed, failing.length);
});

Deno.test("scan: in a run: a clean server passes, its low finding shown below fail_on", async () => {
  const { run, record } = await runJson("tests/fixtures/scan_run/trusted.yml");
  assert.equal(run.code, 0, run.stdout + run.stderr);
  const scan = (record.tests as Row[]).filter((t) => t.kind === "scan");
  assert.ok(scan.length > 0);
  assert.ok(scan.every((t) => t.status !== "fail"));
  assert.match(run.stdout, /SKIP {2}scan SCAN-005 \(low\) trusted: [^\n]*below scan fail_on high/);
});

Deno.test("scan: a suite without scan: runs no scan", async () => {
  const { run, record } = await runJson("tests/fixtures/load/overlap.yml");
  assert.equal(run.code, 0, run.stdout + run.stderr);
  assert.ok((record.tests as Row[]).every((t) => t.kind !== "scan"));
});
