/** @module Argument warnings at load: tool names and args checked against the tool list a cassette or capture recorded (failing and passing cases, positions, what is skipped). */

import assert from "node:assert/strict";
import { loadSuite } from "../../../src/3_load/config/load_suite.ts";
import { argumentWarnings } from "../../../src/7_features/arg_check/arg_warnings.ts";
import { argProblems } from "../../../src/7_features/arg_check/check_args.ts";
import { captureCatalogs, catalogOf } from "../../../src/7_features/arg_check/tool_catalog.ts";
import { lint } from "../../../src/7_features/migration/lint.ts";

const ADD = {
  name: "add",
  inputSchema: {
    type: "object",
    properties: { a: { type: "number" }, b: { type: "number" } },
    required: ["a", "b"],
  },
};
const ECHO = {
  name: "echo",
  inputSchema: { type: "object", properties: { text: { type: "string" } } },
};

/** A recorded session whose tools/list answered `tools` (a capture, or a cassette's core). */
function recording(tools: unknown[], label = "stdio://fake-server") {
  return {
    server_label: label,
    server_capabilities: { tools: {} },
    exchanges: [{
      request: { jsonrpc: "2.0", id: 1, method: "tools/list", params: {} },
      response: { jsonrpc: "2.0", id: 1, result: { tools } },
    }],
  };
}

function cassette(tools: unknown[]) {
  return {
    format: "mcptest-cassette",
    version: 1,
    server: "calc",
    transport: "stdio",
    protocol_version: "2025-11-25",
    server_info: null,
    recorded_with: "mcptest test",
    normalize: [],
    ...recording(tools),
  };
}

const SUITE = `servers:
  calc:
    command: ["fake-server"]
tools:
  - name: adds
    server: calc
    tool: add
    args: { a: 1, b: 2 }
  - name: adds a string
    server: calc
    tool: add
    args:
      a: "one"
      b: 2
  - name: misses b
    server: calc
    tool: add
    args: { a: 1 }
  - name: typo
    server: calc
    tool: ad
  - name: wrong on purpose
    server: calc
    tool: add
    args: { a: "x" }
    expect_error: true
  - name: made
    server: calc
    tool: echo
    args: { text: hi }
    capture:
      said: result.content[0].text
  - name: uses a capture
    server: calc
    tool: add
    args: { a: "\${said}", b: 1 }
`;

async function project(files: Record<string, string>): Promise<string> {
  const dir = await Deno.makeTempDir({ prefix: "mcptest-argcheck-" });
  for (const [name, text] of Object.entries(files)) {
    await Deno.mkdir(`${dir}/${name}`.replace(/\/[^/]*$/, ""), { recursive: true });
    await Deno.writeTextFile(`${dir}/${name}`, text);
  }
  return dir;
}

Deno.test("argProblems: args the inputSchema refuses fail, args it accepts pass", async () => {
  const dir = await project({ "suite.yml": SUITE });
  try {
    const suite = await loadSuite({ paths: ["suite.yml"], cwd: dir, env: {} });
    const catalog = catalogOf(recording([ADD, ECHO]), "cassettes/suite__calc.json")!;
    const byName = (name: string) => suite.tests.find((t) => t.name === name)!;
    assert.deepEqual(await argProblems(byName("adds"), catalog), []);
    const [bad] = await argProblems(byName("adds a string"), catalog);
    assert.equal(bad?.at, "args");
    assert.match(
      bad!.message,
      /args of test "adds a string" do not validate against the inputSchema of tool "add" recorded in cassettes\/suite__calc\.json: \/a must be number/,
    );
    const [missing] = await argProblems(byName("misses b"), catalog);
    assert.match(missing!.message, /must have required property 'b'/);
    const [typo] = await argProblems(byName("typo"), catalog);
    assert.equal(typo?.at, "tool");
    assert.match(
      typo!.message,
      /tool "ad" of test "typo" is not in the tools\/list .*; did you mean "add"\?/,
    );
    assert.deepEqual(await argProblems(byName("wrong on purpose"), catalog), [], "expect_error");
    assert.deepEqual(await argProblems(byName("uses a capture"), catalog), [], "capture");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("argProblems: a name with nothing close lists the recorded tools; no usable schema checks nothing", async () => {
  const dir = await project({ "suite.yml": SUITE.replace("tool: ad\n", "tool: zzzzzz\n") });
  try {
    const suite = await loadSuite({ paths: ["suite.yml"], cwd: dir, env: {} });
    const typo = suite.tests.find((t) => t.name === "typo")!;
    const catalog = catalogOf(recording([ADD, ECHO]), "c.json")!;
    const [problem] = await argProblems(typo, catalog);
    assert.match(problem!.message, /expected one of the recorded tools: "add", "echo"$/);
    const bad = suite.tests.find((t) => t.name === "adds a string")!;
    const noSchema = catalogOf(recording([{ name: "add" }]), "c.json")!;
    assert.deepEqual(await argProblems(bad, noSchema), []);
    const broken = catalogOf(
      recording([{ name: "add", inputSchema: { type: "nope" } }]),
      "c.json",
    )!;
    assert.deepEqual(await argProblems(bad, broken), []);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("catalogOf: a session without a whole tools/list gives no catalog", () => {
  const paged = recording([ADD]);
  (paged.exchanges[0]!.response.result as Record<string, unknown>)["nextCursor"] = "2";
  assert.equal(catalogOf(paged, "x"), undefined);
  assert.equal(catalogOf({ ...recording([]), exchanges: [] }, "x"), undefined);
  assert.deepEqual([...catalogOf(recording([ADD]), "x")!.tools.keys()], ["add"]);
  assert.deepEqual(captureCatalogs("not json", "x"), []);
});

Deno.test("argumentWarnings: from the server's cassette, at the args/tool key, in test order", async () => {
  const dir = await project({
    "suite.yml": SUITE,
    "cassettes/suite__calc.json": JSON.stringify(cassette([ADD, ECHO])),
  });
  try {
    const suite = await loadSuite({ paths: ["suite.yml"], cwd: dir, env: {} });
    const warnings = await argumentWarnings(suite, { cwd: dir });
    assert.deepEqual(warnings.map((w) => `${w.file}:${w.line}:${w.col}`), [
      "suite.yml:12:5", // args: of "adds a string"
      "suite.yml:18:5", // args: of "misses b"
      "suite.yml:21:5", // tool: of "typo"
    ]);
    assert.ok(warnings.every((w) => w.message.includes("cassettes/suite__calc.json")));
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("argumentWarnings: no cassette, a damaged one, or one that never listed tools: no warnings", async () => {
  const dir = await project({ "suite.yml": SUITE });
  try {
    const suite = await loadSuite({ paths: ["suite.yml"], cwd: dir, env: {} });
    assert.deepEqual(await argumentWarnings(suite, { cwd: dir }), []);
    await Deno.mkdir(`${dir}/cassettes`);
    await Deno.writeTextFile(`${dir}/cassettes/suite__calc.json`, "{ not json");
    assert.deepEqual(await argumentWarnings(suite, { cwd: dir }), []);
    const unlisted = { ...cassette([]), exchanges: [] };
    await Deno.writeTextFile(`${dir}/cassettes/suite__calc.json`, JSON.stringify(unlisted));
    assert.deepEqual(await argumentWarnings(suite, { cwd: dir }), []);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("argumentWarnings: never prints a secret the suite resolved", async () => {
  // The recorded schema quotes the secret (in a pattern): the warning must not.
  const guarded = {
    name: "login",
    inputSchema: { type: "object", properties: { key: { type: "string", pattern: "^s3cr3t-x$" } } },
  };
  const suite = `servers:\n  calc:\n    command: ["fake-server"]\ntools:
  - name: logs in
    server: calc
    tool: login
    args:
      key_Env: API_KEY
`;
  const dir = await project({
    "suite.yml": suite,
    "cassettes/suite__calc.json": JSON.stringify(cassette([guarded])),
  });
  try {
    const loaded = await loadSuite({ paths: ["suite.yml"], cwd: dir, env: { API_KEY: "s3cr3t" } });
    const warnings = await argumentWarnings(loaded, { cwd: dir });
    assert.equal(warnings.length, 1);
    assert.match(warnings[0]!.message, /\/key must match pattern "\^\[REDACTED\]-x\$"/);
    assert.doesNotMatch(JSON.stringify(warnings), /s3cr3t/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("lint: a capture file given with the suite checks its args (warnings, exit code unchanged)", async () => {
  const dir = await project({
    "suite.yml": SUITE,
    "calc.capture.json": JSON.stringify(recording([ADD, ECHO], "stdio://fake-server")),
    "other.capture.json": JSON.stringify(recording([], "stdio://another-server")),
  });
  try {
    const report = await lint(["suite.yml", "calc.capture.json", "other.capture.json"], {
      cwd: dir,
    });
    assert.deepEqual(report.findings, []);
    assert.deepEqual(report.warnings?.map((w) => `${w.file}:${w.line}`), [
      "suite.yml:12",
      "suite.yml:18",
      "suite.yml:21",
    ]);
    assert.match(report.warnings![0]!.message, /recorded in calc\.capture\.json/);
    const clean = await lint(["suite.yml"], { cwd: dir });
    assert.equal(clean.warnings, undefined, "no capture, no cassette: nothing to check against");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
