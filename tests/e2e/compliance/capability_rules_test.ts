/** @module ELICIT-001, SAMPLE-001 and ROOTS-001 exercised for real through the CLI: server-everything with its tools named safe and without, the capability fixture conformant and misbehaving, the default (read-only tools that name the capability, arguments filled, name before description), the example suite, and the --safe-tool mistakes. */

import assert from "node:assert/strict";
import { mcptest, ROOT } from "../../_helpers/cli.ts";

const EVERYTHING = [
  "deno",
  "run",
  "--quiet",
  "-A",
  "--no-config",
  "--no-lock",
  "npm:@modelcontextprotocol/server-everything@2026.8.31",
  "stdio",
].join(" ");
const FIXTURE = `${ROOT}tests/fixtures/compliance/capabilities/capability_server.ts`;
const fixture = (misbehave?: string) =>
  `'${Deno.execPath()}' run -A '${FIXTURE}'${misbehave ? ` --misbehave ${misbehave}` : ""}`;
const KEYWORDS = new URL("./_fixtures/keyword_server.ts", import.meta.url).pathname;
const keywords = (misbehave?: string) =>
  `'${Deno.execPath()}' run -A '${KEYWORDS}'${misbehave ? ` --misbehave ${misbehave}` : ""}`;
const RULES = ["ELICIT-001", "ROOTS-001", "SAMPLE-001"];

interface RuleResult {
  readonly id: string;
  readonly status: string;
  readonly skipReason?: string;
}

/** `compliance run --server TARGET ...args --reporter json`: the capability rules' results by id. */
async function capabilityResults(
  server: string,
  args: readonly string[],
): Promise<{ code: number; stderr: string; results: Record<string, RuleResult> }> {
  const run = await mcptest([
    "compliance",
    "run",
    "--server",
    server,
    "--timeout",
    "30000",
    "--reporter",
    "json",
    ...args,
  ]);
  assert.ok(run.stdout.startsWith("{"), run.stdout + run.stderr);
  const tests = JSON.parse(run.stdout).tests as RuleResult[];
  const results = Object.fromEntries(
    tests.map((t) => [t.id.split("::").at(-1)!, t]).filter(([id]) => RULES.includes(id as string)),
  );
  return { code: run.code, stderr: run.stderr, results };
}

const statuses = (results: Record<string, RuleResult>) =>
  Object.fromEntries(RULES.map((id) => [id, results[id]?.status]));

Deno.test("server-everything with its capability tools named safe: the capability rules are verified and pass (v2025-06-18, v2025-11-25)", async () => {
  for (const revision of ["v2025-06-18", "v2025-11-25"]) {
    const { results } = await capabilityResults(EVERYTHING, [
      "--target-version",
      revision,
      "--safe-tool",
      'trigger-sampling-request={"prompt":"hi"}',
      "--safe-tool",
      "trigger-elicitation-request",
      "--safe-tool",
      "get-roots-list",
    ]);
    assert.deepEqual(statuses(results), {
      "ELICIT-001": "pass",
      "ROOTS-001": "pass",
      "SAMPLE-001": "pass",
    }, `${revision}: ${JSON.stringify(results)}`);
  }
});

Deno.test("capability fixture: conformant passes, asking an undeclared client fails (exit 1), silence is not verified", async () => {
  const named = [
    "--safe-tool",
    'summarize={"text":"hi"}',
    "--safe-tool",
    "ask",
    "--safe-tool",
    "where",
  ];
  const good = await capabilityResults(fixture(), named);
  assert.deepEqual(statuses(good.results), {
    "ELICIT-001": "pass",
    "ROOTS-001": "pass",
    "SAMPLE-001": "pass",
  });
  const bad = await capabilityResults(
    fixture("elicit-undeclared,sample-undeclared,roots-undeclared"),
    named,
  );
  assert.equal(bad.code, 1);
  assert.deepEqual(statuses(bad.results), {
    "ELICIT-001": "fail",
    "ROOTS-001": "fail",
    "SAMPLE-001": "fail",
  });
  const silent = await capabilityResults(fixture("silent"), named);
  for (const id of RULES) {
    assert.equal(silent.results[id]?.status, "skip", id);
    assert.match(silent.results[id]?.skipReason ?? "", /^not verified: no tool safe to call drew /);
  }
});

Deno.test("capability fixture without --safe-tool: the read-only tools that name the capability are called (ask, where), summarize is not", async () => {
  const { results } = await capabilityResults(fixture("elicit-undeclared,roots-undeclared"), []);
  assert.equal(results["ELICIT-001"]?.status, "fail");
  assert.equal(results["ROOTS-001"]?.status, "fail");
  // summarize names sampling but writes (readOnlyHint: false): never called unless named, and
  // the reason says so, and how to name it.
  assert.equal(results["SAMPLE-001"]?.status, "skip");
  assert.match(
    results["SAMPLE-001"]?.skipReason ?? "",
    /^not verified: no tool annotated readOnlyHint: true names sampling in its name or description when the client declares sampling; "summarize" names it but is not annotated readOnlyHint: true: name the tool that draws it, with its arguments, with --safe-tool NAME\[=JSON\] or the compliance: block's safe_tools:$/,
  );
});

Deno.test("keyword fixture without --safe-tool: the read-only tools that name the capability are called first, by name before description, with their required arguments filled; the others never", async () => {
  // wait (slow), status and audit (both ask every client for everything) come first in the list:
  // calling any of them, or audit (sampling only in its description) before sample, would fail.
  // sample, elicit_preference and list_roots draw their request only with valid arguments.
  const good = await capabilityResults(keywords(), []);
  assert.deepEqual(statuses(good.results), {
    "ELICIT-001": "pass",
    "ROOTS-001": "pass",
    "SAMPLE-001": "pass",
  }, JSON.stringify(good.results));
  // Asking a client that did not declare the capability: the undeclared session repeats the
  // calls with the same filled arguments, so each violation is seen.
  const bad = await capabilityResults(keywords("undeclared"), []);
  assert.deepEqual(statuses(bad.results), {
    "ELICIT-001": "fail",
    "ROOTS-001": "fail",
    "SAMPLE-001": "fail",
  }, JSON.stringify(bad.results));
});

Deno.test("server-everything without --safe-tool: ROOTS-001 passes through get-roots-list; ELICIT-001 and SAMPLE-001 are not verified, naming the tools that are not read-only and --safe-tool", async () => {
  const { results } = await capabilityResults(EVERYTHING, ["--target-version", "v2025-11-25"]);
  assert.equal(results["ROOTS-001"]?.status, "pass", JSON.stringify(results));
  for (
    const [id, capability, tool] of [
      ["ELICIT-001", "elicitation", "trigger-elicitation-request"],
      ["SAMPLE-001", "sampling", "trigger-sampling-request"],
    ]
  ) {
    assert.equal(results[id!]?.status, "skip", id);
    const reason = results[id!]?.skipReason ?? "";
    assert.match(
      reason,
      new RegExp(`^not verified: no tool annotated readOnlyHint: true names ${capability} `),
    );
    assert.ok(reason.includes(`"${tool}"`), reason);
    assert.match(reason, /with --safe-tool NAME\[=JSON\]/);
    // trigger-long-running-operation (read-only, 10 s) names no capability: never called.
    assert.doesNotMatch(reason, /long-running/);
  }
});

Deno.test("--safe-tool: a tool the server does not list is named in the reason; bad JSON is exit 2", async () => {
  const { results } = await capabilityResults(fixture(), ["--safe-tool", "nope"]);
  for (const id of RULES) {
    assert.equal(results[id]?.status, "skip", id);
    assert.match(
      results[id]?.skipReason ?? "",
      /^not verified: none of the tools named safe to call \("nope"\) is in the server's tools\/list when the client declares \w+ \(it lists: "ask", "summarize", "where"\)/,
    );
  }
  const bad = await mcptest(["compliance", "run", "--server", fixture(), "--safe-tool", "x={oops"]);
  assert.equal(bad.code, 2);
  assert.match(
    bad.stderr,
    /--safe-tool x: the arguments are not JSON .*expected NAME=\{"arg": \.\.\.\}/,
  );
  assert.doesNotMatch(bad.stderr, /^\s+at .*:\d+:\d+/m, "no stack trace");
});

Deno.test("examples/compliance-capabilities.yml: safe_tools: under mcptest run and compliance run --from-suite", async () => {
  const example = `${ROOT}examples/compliance-capabilities.yml`;
  for (const args of [["run", example], ["compliance", "run", "--from-suite", example]]) {
    const run = await mcptest(args);
    assert.equal(run.code, 0, run.stdout + run.stderr);
    for (const id of RULES) assert.match(run.stdout, new RegExp(`PASS\\s+${id}`));
    assert.match(run.stdout, /3 passed, 0 failed/);
  }
  // --safe-tool replaces the block's safe_tools: a name the server lacks leaves them not verified.
  const run = await mcptest([
    "compliance",
    "run",
    "--from-suite",
    example,
    "--safe-tool",
    "nope",
  ]);
  assert.equal(run.code, 0, run.stdout + run.stderr);
  assert.match(run.stdout, /none of the tools named safe to call \("nope"\)/);
});

Deno.test("compliance baseline --safe-tool records the failures of a run calling the same tools", async () => {
  const dir = await Deno.makeTempDir({ prefix: "mcptest_capability_baseline_" });
  try {
    const server = fixture("sample-undeclared");
    const base = ["--server", server, "--target-version", "v2025-11-25"];
    const tool = ["--safe-tool", 'summarize={"text":"hi"}'];
    const baseline = async (name: string, extra: string[]) => {
      const path = `${dir}/${name}.json`;
      const run = await mcptest(["compliance", "baseline", ...base, ...extra, "--output", path]);
      assert.equal(run.code, 0, run.stdout + run.stderr);
      return { path, text: await Deno.readTextFile(path) };
    };
    // Calling summarize draws the undeclared sampling request: SAMPLE-001 fails and is recorded.
    const named = await baseline("named", tool);
    assert.match(named.text, /SAMPLE-001/);
    // Without the flag summarize is never called (not read-only): nothing about SAMPLE-001.
    const plain = await baseline("plain", []);
    assert.doesNotMatch(plain.text, /SAMPLE-001/);
    const run = (path: string) =>
      mcptest(["compliance", "run", ...base, ...tool, "--baseline", path]);
    const same = await run(named.path);
    assert.equal(same.code, 0, same.stdout + same.stderr);
    const other = await run(plain.path);
    assert.equal(other.code, 1, other.stdout + other.stderr);
    assert.match(other.stdout, /FAIL\s+SAMPLE-001/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("keyword fixture: a compliance run starts one server declaring every capability (and the UI extension, for the APPS probe) and one declaring none, for all three rules, each called in rule order", async () => {
  const dir = await Deno.makeTempDir({ prefix: "mcptest_capability_sessions_" });
  try {
    const log = `${dir}/starts.jsonl`;
    const { results } = await capabilityResults(`${keywords()} --log '${log}'`, []);
    assert.deepEqual(statuses(results), {
      "ELICIT-001": "pass",
      "ROOTS-001": "pass",
      "SAMPLE-001": "pass",
    }, JSON.stringify(results));
    const lines = (await Deno.readTextFile(log)).trim().split("\n").map((l) => JSON.parse(l));
    const starts = lines.filter((l) => l.method === "initialize");
    // The main session, the fresh-connection probe, the declaring and the undeclared sessions:
    // no session per rule, and none of its own for the APPS probe.
    assert.equal(starts.length, 4, JSON.stringify(starts));
    const declaring = starts.filter((l) => l.declared.length > 0);
    assert.deepEqual(declaring.map((l) => l.declared), [[
      "elicitation",
      "extensions",
      "roots",
      "sampling",
    ]]);
    const keywordCalls = (pid: number) =>
      lines.filter((l) =>
        l.pid === pid && l.method === "tools/call" &&
        ["elicit_preference", "list_roots", "sample"].includes(l.name)
      ).map((l) => l.name);
    const calling = [
      ...new Set(lines.filter((l) => keywordCalls(l.pid).length > 0).map((l) => l.pid)),
    ];
    assert.equal(calling.length, 2, "the three rules' calls go to two servers");
    const [first, second] = calling[0] === declaring[0].pid ? calling : [...calling].reverse();
    assert.equal(first, declaring[0].pid);
    const inRuleOrder = ["elicit_preference", "list_roots", "sample"];
    assert.deepEqual(keywordCalls(first!), inRuleOrder, "declaring: ELICIT, ROOTS, SAMPLE");
    assert.deepEqual(keywordCalls(second!), inRuleOrder, "undeclared: the same calls, in order");
    assert.deepEqual(
      lines.find((l) => l.pid === second && l.method === "initialize")?.declared,
      [],
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
