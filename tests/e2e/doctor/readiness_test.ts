/** @module `mcptest doctor`: readiness fails a server that says it is not ready or lacks a capability the suite needs; URL credentials never show (issues #26, #23). */

import assert from "node:assert/strict";
import { itemsServerArgv, mcptest, ROOT, startHttp } from "../../_helpers/cli.ts";

const FIXTURE = `${ROOT}tests/e2e/doctor/fixtures/readiness_server.ts`;
const command = (mode: string) => `'${Deno.execPath()}' run '${FIXTURE}' ${mode}`;
const HANG_TIMEOUT = "120000";

Deno.test("doctor readiness fails a server that reports ready: false, top level or in _meta", async (t) => {
  const cases: Array<[string, string]> = [
    ["not-ready", "ready: false"],
    ["meta-not-ready", "_meta.ready: false"],
  ];
  for (const [mode, said] of cases) {
    await t.step(mode, async () => {
      const run = await mcptest(["doctor", "--command", command(mode), "--timeout", HANG_TIMEOUT]);
      assert.equal(run.code, 1, run.stdout + run.stderr);
      assert.match(run.stdout, /\[ OK \] initialize/);
      assert.match(
        run.stdout,
        new RegExp(
          `\\[FAIL\\] readiness +server initialized but reported not ready: its initialize result says ${
            said.replace(".", "\\.")
          }`,
        ),
      );
    });
  }
  await t.step("a ready server passes", async () => {
    const run = await mcptest(["doctor", "--command", command("ready"), "--timeout", HANG_TIMEOUT]);
    assert.equal(run.code, 0, run.stdout + run.stderr);
    assert.match(run.stdout, /\[ OK \] readiness +tools\/list answered/);
  });
});

Deno.test("doctor readiness fails a server lacking a capability the suite's tests need, naming it", async () => {
  const dir = await Deno.makeTempDir({ prefix: "mcptest-doctor-caps-" });
  try {
    const argv = ["deno", "run", FIXTURE, "ready"].map((w) => JSON.stringify(w)).join(", ");
    await Deno.writeTextFile(
      `${dir}/mcptest.yml`,
      [
        "servers:",
        `  tools_only:`,
        `    command: [${argv}]`,
        "tools:",
        "  - { name: t, server: tools_only, tool: x, args: {} }",
        "resources:",
        "  - { name: r1, server: tools_only, uri: 'file:///a' }",
        "  - { name: r2, server: tools_only, uri: 'file:///b' }",
        "prompts:",
        "  - { name: p, server: tools_only, prompt: x, skip: later }",
        "",
      ].join("\n"),
    );
    const run = await mcptest(["doctor", "--timeout", HANG_TIMEOUT], { cwd: dir });
    assert.equal(run.code, 1, run.stdout + run.stderr);
    assert.match(
      run.stdout,
      /\[FAIL\] readiness +server initialized but reported not ready: missing capability "resources" \(2 tests need it\)\n/,
    );
    // The skipped prompt test needs nothing; the advertised tools capability is not named.
    assert.doesNotMatch(run.stdout, /"prompts"|"tools"/);
    const json = await mcptest(["doctor", "--format", "json", "--timeout", HANG_TIMEOUT], {
      cwd: dir,
    });
    const report = JSON.parse(json.stdout);
    assert.equal(report.ok, false);
    assert.equal(report.servers[0].layers.at(-1).status, "fail");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("doctor never prints URL credentials: userinfo and query tokens, pretty and JSON", async () => {
  const server = await startHttp(itemsServerArgv("--http", "--port", "0"));
  try {
    const [password, token] = ["pw-s3cret-77", "tok-abc123xyz"];
    const url = new URL(server.url);
    url.username = "admin";
    url.password = password;
    url.searchParams.set("api_key", token);
    for (const format of ["pretty", "json"]) {
      const run = await mcptest([
        "doctor",
        "--url",
        url.href,
        "--format",
        format,
        "--timeout",
        HANG_TIMEOUT,
      ]);
      const output = run.stdout + run.stderr;
      assert.ok(!output.includes(password), output);
      assert.ok(!output.includes(token), output);
      assert.ok(!output.includes("admin"), output);
      assert.match(output, /api_key=\[REDACTED\]/);
    }
  } finally {
    await server.stop();
  }
});
