/** @module `mcptest run` and the library's loadSuite + runSuite produce the same run record on every example, and the same record, state and capture file with `--last-failed` and `--capture`. */

import assert from "node:assert/strict";
import { loadSuite } from "../../../src/3_load/config/load_suite.ts";
import { runSuite } from "../../../src/5_execute/suite/run_suite.ts";
import { VERSION } from "../../../src/0_base/version.ts";
import { echoSuiteYaml, mcptest, ROOT, tempProject } from "../../_helpers/cli.ts";
import { LAST_RUN_PATH } from "../../../src/5_execute/runner/last_failed.ts";
import { authExampleFixture } from "../../fixtures/auth/examples.ts";
import { startAutopilotApi } from "../../fixtures/agent/autopilot.ts";

/** Agent examples run against the fake model API (127.0.0.1) with fake keys. */
const AGENT = startAutopilotApi();

/** How each example runs through `mcptest run` (lint-only examples are not run records). */
const RUNS: Record<string, { args?: string[]; config?: boolean; env?: Record<string, string> }> = {
  // Run against a protected fixture the test starts (tests/fixtures/auth/examples.ts).
  "auth-bearer.yml": {},
  "auth-headers.yml": {},
  "auth-oauth.yml": {},
  "authoring.yml": {},
  "cassettes.yml": {},
  "compliance.yml": {},
  "compliance-grade.yml": {},
  "compliance-grade-tolerance.yml": {},
  "expect-error.yml": {},
  "getting-started.yml": {},
  "load.yml": {},
  "migration.yml": {},
  "official-conformance.yml": { config: true },
  "reference.yml": { env: { REFERENCE_TOKEN: "example-token" } },
  "reference-http.yml": {
    args: ["--var", "items_url=http://127.0.0.1:1/mcp"],
    env: { REFERENCE_TOKEN: "example-token" },
  },
  "reporters.yml": {},
  "captures.yml": {},
  "selection.yml": {},
  "snapshots.yml": {},
  "server-options.yml": {},
  "spec-version-pinning.yml": {},
  "agent-weather.yml": { env: AGENT.env },
  "agent-matrix.yml": { env: AGENT.env },
  "agent-custom-providers.yml": {
    args: ["--var", `LOCAL_LLM_URL=${AGENT.env.LOCAL_LLM_URL}`],
    env: AGENT.env,
  },
  "agent-llm-judge.yml": { env: AGENT.env },
  "agent-issues-and-notifications.yml": { env: AGENT.env },
  "compliance-capabilities.yml": {},
  "llm-judge-matchers.yml": { env: AGENT.env },
  "mcp-apps.yml": {},
};
const NOT_RUN_RECORDS = new Set(["migration-legacy-suite.yml"]);

/**
 * What a load test measured: latencies, throughput, and the number of calls of a `duration:` test
 * (all timings: they differ between two runs).
 */
const LOAD_TIMINGS = new Set([
  "p50Ms",
  "p90Ms",
  "p95Ms",
  "p99Ms",
  "maxMs",
  "meanMs",
  "throughput",
  "samples",
]);
/** Budgets whose measured value is a timing, or quotes the number of calls. */
const TIMED_BUDGETS = new Set([
  "max_duration_ms",
  "p95_ms",
  "p99_ms",
  "min_throughput",
  "error_rate",
]);

/** Wall-clock facts differ between two runs; everything else must be byte-identical. */
function normalise(text: string): string {
  return JSON.stringify(
    JSON.parse(text, (key, value) => {
      if (key === "durationMs" || LOAD_TIMINGS.has(key)) return 0;
      if (key === "startedAt") return "T";
      return value;
    }),
    (_key, value) => {
      if (value && typeof value === "object" && TIMED_BUDGETS.has(value.budget)) {
        return { ...value, actual: "ms" };
      }
      return value;
    },
    2,
  );
}

Deno.test("runSuite() gives the record `mcptest run --reporter json` writes, on every example", async (t) => {
  const files = [...Deno.readDirSync(`${ROOT}examples`)]
    .filter((e) => e.isFile && /\.ya?ml$/.test(e.name) && !NOT_RUN_RECORDS.has(e.name))
    .map((e) => e.name)
    .sort();
  const dir = await Deno.makeTempDir({ prefix: "mcptest-parity-" });
  try {
    for (const file of files) {
      await t.step(file, async () => {
        const registered = RUNS[file];
        assert.ok(registered, `examples/${file} is not registered in ${import.meta.url}`);
        const fixture = await authExampleFixture(file);
        const how = fixture
          ? {
            ...registered,
            args: [...registered.args ?? [], ...fixture.args],
            env: { ...registered.env, ...fixture.env },
          }
          : registered;
        try {
          const path = `examples/${file}`;
          const out = `${dir}/${file}.json`;
          const cli = await mcptest([
            "run",
            ...(how.config ? ["--config", path] : [path]),
            ...(how.args ?? []),
            // The library call runs without the result cache (its default); so does this run.
            "--no-cache",
            "--reporter",
            "json",
            "--output",
            out,
          ], how.env ? { env: how.env } : {});
          assert.ok(cli.code === 0 || cli.code === 1, cli.stderr);
          const vars = (how.args ?? []).filter((_, i, all) => all[i - 1] === "--var");
          const suite = await loadSuite({
            paths: how.config ? [] : [path],
            cwd: ROOT,
            ...(how.config ? { configFile: path } : {}),
            vars,
            env: { ...Deno.env.toObject(), ...how.env },
          });
          const record = await runSuite(suite, { cwd: ROOT, toolVersion: VERSION, ci: false });
          assert.equal(
            normalise(JSON.stringify(record)),
            normalise(await Deno.readTextFile(out)),
          );
        } finally {
          await fixture?.close();
        }
      });
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

/**
 * A capture file with its JSON-RPC ids numbered in order of appearance: ids are unique across the
 * sessions of one process, so the library's (in this test process) start elsewhere than a fresh
 * CLI's. Everything else must be identical.
 */
function normaliseCapture(text: string): string {
  const ids = new Map<unknown, number>();
  return normalise(JSON.stringify(JSON.parse(text, (key, value) => {
    if (key !== "id" || (typeof value !== "number" && typeof value !== "string")) return value;
    if (!ids.has(value)) ids.set(value, ids.size + 1);
    return ids.get(value);
  })));
}

/** A temporary project of one echo suite: `alpha` passes, `beta` and `gamma` fail. */
async function echoProject(): Promise<string> {
  return await tempProject({
    "s.yml": echoSuiteYaml(["alpha", "beta", "gamma"], ["beta", "gamma"]),
  });
}

/** `mcptest run s.yml --reporter json` in `dir` with `args`; the record it wrote, as text. */
async function cliRecord(dir: string, args: readonly string[]): Promise<string> {
  const out = `${dir}/cli-record.json`;
  const cli = await mcptest(["run", "s.yml", ...args, "--reporter", "json", "--output", out], {
    cwd: dir,
  });
  assert.equal(cli.code, 1, cli.stderr);
  const text = await Deno.readTextFile(out);
  await Deno.remove(out);
  return text;
}

Deno.test("runSuite() with keepLastRun and lastFailed gives the record and state of `mcptest run --last-failed`", async () => {
  const dir = await echoProject();
  try {
    // A first run leaves the state: beta and gamma failed.
    assert.equal((await mcptest(["run", "s.yml"], { cwd: dir })).code, 1);
    const before = await Deno.readTextFile(`${dir}/${LAST_RUN_PATH}`);
    const cli = await cliRecord(dir, ["--last-failed", "--no-cache"]);
    const cliState = await Deno.readTextFile(`${dir}/${LAST_RUN_PATH}`);
    await Deno.writeTextFile(`${dir}/${LAST_RUN_PATH}`, before); // the library starts where the CLI did
    const suite = await loadSuite({ paths: ["s.yml"], cwd: dir });
    const notices: string[] = [];
    const record = await runSuite(suite, {
      cwd: dir,
      toolVersion: VERSION,
      ci: false,
      keepLastRun: true,
      lastFailed: true,
      onNotice: (line) => notices.push(line),
    });
    assert.deepEqual(record.tests.map((t) => t.name), ["beta", "gamma"]);
    assert.equal(normalise(JSON.stringify(record)), normalise(cli));
    assert.equal(await Deno.readTextFile(`${dir}/${LAST_RUN_PATH}`), cliState);
    assert.deepEqual(notices, []);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("runSuite() with captureFile gives the record and capture file of `mcptest run --capture`", async () => {
  const dir = await echoProject();
  try {
    const cli = await cliRecord(dir, ["--capture", "cli-capture.json", "--no-cache"]);
    const suite = await loadSuite({ paths: ["s.yml"], cwd: dir });
    const record = await runSuite(suite, {
      cwd: dir,
      toolVersion: VERSION,
      ci: false,
      captureFile: `${dir}/lib-capture.json`,
    });
    assert.equal(normalise(JSON.stringify(record)), normalise(cli));
    const cliCapture = await Deno.readTextFile(`${dir}/cli-capture.json`);
    assert.match(cliCapture, /"method": "tools\/call"/);
    assert.equal(
      normaliseCapture(await Deno.readTextFile(`${dir}/lib-capture.json`)),
      normaliseCapture(cliCapture),
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
