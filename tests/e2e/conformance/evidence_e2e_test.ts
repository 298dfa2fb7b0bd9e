/** @module End-to-end: tier 1 needs evidence (a server that answers only initialize), exit 7 for a --target-version the server does not speak, check-ids on a flat folder. */

import assert from "node:assert/strict";
import { join } from "node:path";
import { fixture, runCli } from "../../7_features/conformance/_cli.ts";

const stdio = (name: string, ...args: string[]) =>
  [`"${Deno.execPath()}"`, "run", "--no-prompt", "--allow-write", `"${fixture(name)}"`, ...args]
    .join(" ");

async function withTemp(body: (dir: string) => Promise<void>): Promise<void> {
  const dir = await Deno.makeTempDir({ prefix: "mcptest-conf-evidence-" });
  try {
    await body(dir);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

/** Whether a process with this pid still exists. */
function alive(pid: number): boolean {
  try {
    Deno.kill(pid, "SIGCONT");
    return true;
  } catch {
    return false;
  }
}

Deno.test("conformance run: a server that answers only initialize cannot score tier 1", async () => {
  await withTemp(async (dir) => {
    const pidFile = join(dir, "server.pid");
    const run = await runCli([
      "run",
      "--server",
      stdio("stdio_initialize_only_server.ts", `"${pidFile}"`),
      "--target-version",
      "2025-11-25",
      // The deadline of each request: the handshake must beat it (the fixture starts within it);
      // every later request reaches it, which is the point. The verdict does not depend on it.
      "--timeout",
      "5000",
      "--reporter",
      "json",
    ], { env: { XDG_CACHE_HOME: dir } });
    assert.equal(run.code, 0, run.stderr);
    const result = JSON.parse(run.stdout);
    assert.equal(result.protocol_version, "2025-11-25");
    assert.equal(result.statuses.pass, 0, run.stdout);
    assert.deepEqual(result.must, { passed: 0, total: 0 });
    assert.equal(result.tier, "tier-3");
    assert.notEqual(result.badge, "T1");
    assert.match(result.tier_reason, /got no answer by the deadline/);
    const unanswered = result.checks.filter((c: { unanswered?: true }) => c.unanswered);
    assert.ok(unanswered.length > 0, "the silent checks are marked unanswered");
    assert.ok(!alive(Number(await Deno.readTextFile(pidFile))), "the server was reaped");
  });
});

Deno.test("conformance run: --target-version the server does not speak is one line and exit 7", async (t) => {
  const server = stdio("stdio_tools_server.ts");
  const line = "server speaks up to 2025-11-25; 2026-07-28 rules not run\n";
  await t.step("pretty: the line on stderr, nothing on stdout", async () => {
    const run = await runCli(["run", "--server", server, "--target-version", "2026-07-28"]);
    assert.equal(run.code, 7, run.stderr);
    assert.equal(run.stderr, line);
    assert.equal(run.stdout, "");
  });
  await withTemp(async (dir) => {
    for (const flag of ["--out", "--output"]) {
      await t.step(`json with ${flag}: the report with the reason`, async () => {
        const out = join(dir, `${flag.slice(2)}.json`);
        const run = await runCli([
          "run",
          "--server",
          server,
          "--target-version",
          "2026-07-28",
          "--reporter",
          "json",
          flag,
          out,
        ]);
        assert.equal(run.code, 7, run.stderr);
        assert.equal(run.stderr, line);
        const report = JSON.parse(await Deno.readTextFile(out));
        assert.equal(report.status, "revision-unavailable");
        assert.equal(report.reason, line.trim());
        assert.equal(report.target_version, "2026-07-28");
        assert.equal(report.protocol_version, "2025-11-25");
        assert.equal(report.exit_code, 7);
        assert.equal(report.tier, undefined, "no tier: nothing was scored");
      });
    }
  });
  await t.step("the revision it speaks still scores (exit 0)", async () => {
    const run = await runCli(["run", "--server", server, "--target-version", "2025-11-25"]);
    assert.equal(run.code, 0, run.stderr);
  });
});

Deno.test("conformance check-ids --target-version reads a flat upstream folder as that revision", async () => {
  const run = await runCli([
    "check-ids",
    "--corpus-dir",
    fixture("upstream_seps"),
    "--target-version",
    "2026-07-28",
    "--format",
    "json",
  ]);
  assert.equal(run.code, 0, run.stderr);
  const listing = JSON.parse(run.stdout);
  assert.equal(listing.target_version, "2026-07-28");
  assert.equal(listing.corpus_source, "override");
  assert.ok(listing.checks.some((c: { check: string }) => c.check.startsWith("sep-2663-")));
});
