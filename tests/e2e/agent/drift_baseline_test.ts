/** @module DRIFT against a saved run record (`--drift-baseline`): verdict changes per (test, model) row, exit 6, bad baselines exit 2. */

import assert from "node:assert/strict";
import { baselineDriftRows } from "../../../src/5_execute/agent/drift.ts";
import { runExitCode } from "../../../src/4_record/exit_code.ts";
import { loadSuite } from "../../../src/3_load/config/load_suite.ts";
import type { RunRecord, TestResult } from "../../../src/4_record/run_record.ts";
import { parseRunRecord } from "../../../src/4_record/validate.ts";
import { renderJson } from "../../../src/6_report/json.ts";
import { runSuite } from "../../../src/5_execute/suite/run_suite.ts";
import { mcptest, ROOT, tempProject } from "../../_helpers/cli.ts";

const row = (id: string, status: TestResult["status"], provider = "stub"): TestResult => ({
  id,
  name: id,
  kind: "agent",
  server: "weather",
  file: "suite.yml",
  line: 1,
  col: 1,
  status,
  durationMs: 0,
  assertions: [],
  budgets: [],
  agent: { model: "m", provider, tokens: { input: 0, output: 0, total: 0 }, costUsd: 0 },
});

const baseline = (tests: TestResult[]) => ({
  record: { tests } as unknown as RunRecord,
  label: "base.json",
});

Deno.test("baselineDriftRows() reports (test, model) rows whose verdict changed", async (t) => {
  await t.step("pass then fail: a failing DRIFT row naming both runs", () => {
    const [drift, ...rest] = baselineDriftRows(
      [row("w [a]", "fail", "anthropic")],
      baseline([row("w [a]", "pass", "anthropic")]),
    );
    assert.equal(rest.length, 0);
    assert.equal(drift!.kind, "drift");
    assert.equal(drift!.status, "fail");
    assert.equal(drift!.name, "DRIFT w [a]");
    assert.equal(
      drift!.failure!.message,
      "model-compat drift against base.json: was pass, provider anthropic; now fail, provider anthropic",
    );
  });
  await t.step("fail (or error) then pass drifts too", () => {
    assert.equal(baselineDriftRows([row("x", "pass")], baseline([row("x", "error")])).length, 1);
  });
  await t.step("the same verdict, a new row, a skipped row, a non-agent row: no DRIFT", () => {
    const now = [row("same", "fail"), row("new", "pass"), row("skipped", "skip"), {
      ...row("tool", "fail"),
      kind: "tool" as TestResult["kind"],
    }];
    const before = [row("same", "error"), row("skipped", "pass"), row("tool", "pass")];
    assert.deepEqual(baselineDriftRows(now, baseline(before)), []);
  });
});

const SERVER =
  `["deno", "run", "--allow-env", "--allow-read", "${ROOT}tests/fixtures/agent/agent_server.ts", "weather"]`;
const suiteYaml = (tool: string) => `
servers:
  weather:
    command: ${SERVER}
agents:
  - name: weather
    models: [claude-sonnet-4-5, gpt-5]
    servers: [weather]
    prompt: What is the weather in Sacramento?
    expect:
      - target: tool_calls[0].name
        matcher: { exact: ${tool} }
`;

Deno.test("runSuite() with a drift baseline: DRIFT rows and exit 6 only when a verdict changed", async (t) => {
  const dir = await Deno.makeTempDir({ prefix: "mcptest-drift-" });
  const run = async (yaml: string, base?: { record: RunRecord; label: string }) => {
    await Deno.writeTextFile(`${dir}/suite.yml`, yaml);
    const suite = await loadSuite({ paths: ["suite.yml"], cwd: dir, env: {} });
    return await runSuite(suite, {
      cwd: dir,
      ci: false,
      cassettes: "live",
      agents: base ? { driftBaseline: base } : {},
    });
  };
  try {
    const saved = await run(suiteYaml("get_weather"));
    assert.equal(saved.summary.failed, 0);
    const base = { record: parseRunRecord(renderJson(saved), "base.json"), label: "base.json" };
    await t.step("the same verdicts: no DRIFT row, exit 0", async () => {
      const record = await run(suiteYaml("get_weather"), base);
      assert.equal(record.tests.filter((r) => r.kind === "drift").length, 0);
      assert.equal(runExitCode(record), 0);
    });
    await t.step("every model now fails: one DRIFT row per pair, exit 6", async () => {
      const record = await run(suiteYaml("get_forecast"), base);
      const drift = record.tests.filter((r) => r.kind === "drift").map((r) => r.name);
      assert.deepEqual(drift, ["DRIFT weather [claude-sonnet-4-5]", "DRIFT weather [gpt-5]"]);
      assert.equal(runExitCode(record), 6);
    });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("mcptest run --drift-baseline: saved with --reporter json, exit 6 on a change, 2 on a bad file", async (t) => {
  const dir = await tempProject({ "suite.yml": suiteYaml("get_weather") });
  try {
    const saved = await mcptest(
      ["run", "suite.yml", "--reporter", "json", "--output", "base.json"],
      { cwd: dir },
    );
    assert.equal(saved.code, 0, saved.stderr);
    await t.step("unchanged: exit 0", async () => {
      const again = await mcptest(["run", "suite.yml", "--drift-baseline", "base.json"], {
        cwd: dir,
      });
      assert.equal(again.code, 0, again.stdout + again.stderr);
    });
    await t.step("a verdict changed: DRIFT rows and exit 6", async () => {
      await Deno.writeTextFile(`${dir}/suite.yml`, suiteYaml("get_forecast"));
      const changed = await mcptest(["run", "suite.yml", "--drift-baseline", "base.json"], {
        cwd: dir,
      });
      assert.equal(changed.code, 6, changed.stdout + changed.stderr);
      assert.match(changed.stdout, /DRIFT weather \[gpt-5\]/);
      assert.match(changed.stdout, /model-compat drift against base\.json: was pass/);
    });
    await t.step("a missing or malformed baseline exits 2 naming it", async () => {
      const missing = await mcptest(["run", "suite.yml", "--drift-baseline", "nope.json"], {
        cwd: dir,
      });
      assert.equal(missing.code, 2);
      assert.match(missing.stderr, /--drift-baseline nope\.json: cannot read it/);
      await Deno.writeTextFile(`${dir}/bad.json`, "[]");
      const bad = await mcptest(["run", "suite.yml", "--drift-baseline", "bad.json"], { cwd: dir });
      assert.equal(bad.code, 2);
      assert.match(bad.stderr, /--drift-baseline bad\.json: not a run record/);
      assert.ok(!/\n\s+at /.test(bad.stderr), "no stack trace");
    });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
