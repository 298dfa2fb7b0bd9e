/** @module `mcptest fuzz` end to end: each finding kind on the fragile fixture and none on the strict one, opt-ins, the same seed, and the printed YAML tests run by `mcptest run`. */

import assert from "node:assert/strict";
import { mcptest, ROOT, tempProject } from "../../_helpers/cli.ts";
import type { FuzzReport } from "../../../src/7_features/fuzz/types.ts";

const FRAGILE = `deno run ${ROOT}tests/fixtures/fuzz/fragile_server.ts`;
const STRICT = `deno run ${ROOT}tests/fixtures/fuzz/strict_server.ts`;

async function fuzz(
  server: string,
  ...args: string[]
): Promise<{ code: number; report: FuzzReport }> {
  const run = await mcptest([
    "fuzz",
    "--server",
    server,
    "--format",
    "json",
    "--seed",
    "11",
    ...args,
  ]);
  assert.ok(run.stdout.startsWith("{"), run.stderr);
  return { code: run.code, report: JSON.parse(run.stdout) as FuzzReport };
}

/** Per kind: the target flags that show it on the fragile server. */
const KINDS: Record<string, string[]> = {
  crash: ["--tool", "echo"],
  timeout: ["--tool", "lookup"],
  internal_error: ["--tool", "divide"],
  accepted_invalid: ["--tool", "greet", "--prompt", "summarize"],
  rejected_valid: ["--tool", "tag"],
  malformed_response: ["--tool", "count_words"],
};

Deno.test("mcptest fuzz: each finding kind fails the fragile server (exit 1) and passes the strict one (exit 0)", async (t) => {
  for (const [kind, flags] of Object.entries(KINDS)) {
    await t.step(kind, async () => {
      // A hang is only a hang on the fragile server; the strict one gets a generous timeout.
      const bad = await fuzz(`fragile=${FRAGILE}`, ...flags, "--timeout", "1000");
      assert.equal(bad.code, 1);
      assert.ok(
        bad.report.findings.some((f) => f.kind === kind),
        JSON.stringify(bad.report.findings.map((f) => [f.kind, f.target.name])),
      );
      const good = await fuzz(`strict=${STRICT}`, ...flags, "--timeout", "60000");
      assert.equal(good.code, 0, JSON.stringify(good.report.findings));
      assert.equal(good.report.status, "pass");
    });
  }
});

Deno.test("mcptest fuzz: resource templates too (-32603 for a bad variable)", async () => {
  const bad = await fuzz(`fragile=${FRAGILE}`, "--template", "item://{id}");
  assert.equal(bad.code, 1);
  assert.equal(bad.report.findings[0]?.kind, "internal_error");
  assert.equal(typeof bad.report.findings[0]?.input, "string");
  const good = await fuzz(`strict=${STRICT}`, "--template", "item://{id}");
  assert.equal(good.code, 0);
});

Deno.test("mcptest fuzz: a destructive tool is called only with --allow-destructive", async () => {
  const run = await fuzz(`fragile=${FRAGILE}`, "--tool", "wipe_data");
  assert.equal(run.code, 0, JSON.stringify(run.report));
  assert.equal(run.report.targets[0]?.status, "skipped");
  assert.match(run.report.targets[0]?.reason ?? "", /--allow-destructive/);
  const opted = await fuzz(`fragile=${FRAGILE}`, "--tool", "wipe_data", "--allow-destructive");
  assert.equal(opted.code, 1);
  assert.equal(opted.report.findings[0]?.kind, "crash");
});

Deno.test("mcptest fuzz: the same seed gives the same findings; the run goes on after a crash", async () => {
  const first = await fuzz(`fragile=${FRAGILE}`, "--tool", "echo", "--tool", "divide");
  const second = await fuzz(`fragile=${FRAGILE}`, "--tool", "echo", "--tool", "divide");
  assert.deepEqual(first.report.findings, second.report.findings);
  assert.ok(first.report.restarts > 0);
  assert.deepEqual(first.report.targets.map((t) => t.status), ["fuzzed", "fuzzed"]);
  assert.ok(first.report.findings.some((f) => f.target.name === "divide"));
});

Deno.test("mcptest fuzz: the printed YAML tests fail on the fragile server and pass on the strict one", async () => {
  const { report } = await fuzz(`fragile=${FRAGILE}`, "--timeout", "1000");
  assert.ok(report.findings.length >= 7, JSON.stringify(report.findings.map((f) => f.kind)));
  const suite = [
    "servers:",
    "  fragile:",
    `    command: ${JSON.stringify(FRAGILE)}`,
    "    timeout_ms: 1000",
    ...report.findings.map((f) => f.yaml),
  ].join("\n");
  // One section per kind of target: merge the repeated `tools:` keys into one list each.
  const merged = mergeSections(suite);
  const dir = await tempProject({ "fuzz.yml": merged });
  try {
    const onFragile = await mcptest(["run", "fuzz.yml", "--no-cache"], { cwd: dir });
    assert.equal(onFragile.code, 1, onFragile.stdout + onFragile.stderr);
    assert.match(onFragile.stdout, new RegExp(`0 passed, ${report.findings.length} failed`));
    const onStrict = await mcptest(
      ["run", "fuzz.yml", "--no-cache", "--server", `fragile=${STRICT}`],
      { cwd: dir },
    );
    assert.equal(onStrict.code, 0, onStrict.stdout + onStrict.stderr);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("mcptest fuzz: bad flags are usage errors (exit 2)", async () => {
  const unknown = await mcptest(["fuzz", "--server", `s=${STRICT}`, "--tool", "echoo"]);
  assert.equal(unknown.code, 2);
  assert.match(
    unknown.stderr,
    /--tool "echoo": the server has no such tool; did you mean "echo"\?/,
  );
  const seed = await mcptest(["fuzz", "--server", `s=${STRICT}`, "--seed", "-1"]);
  assert.equal(seed.code, 2);
});

/** The findings' YAML repeats `tools:`/`prompts:`/`resources:`; gather each section's entries once. */
function mergeSections(text: string): string {
  const sections = new Map<string, string[]>();
  const head: string[] = [];
  let current: string[] | undefined;
  for (const line of text.split("\n")) {
    const section = /^(tools|prompts|resources):$/.exec(line)?.[1];
    if (section) {
      current = sections.get(section) ?? [];
      sections.set(section, current);
    } else if (current && line.startsWith(" ")) current.push(line);
    else if (line !== "") head.push(line);
  }
  return [...head, ...[...sections].flatMap(([name, lines]) => [`${name}:`, ...lines]), ""]
    .join("\n");
}

Deno.test("mcptest fuzz --format junit/sarif: the findings reach the CI reporters; pass stays clean", async () => {
  const junit = await mcptest([
    "fuzz",
    "--server",
    `fragile=${FRAGILE}`,
    "--tool",
    "divide",
    "--seed",
    "11",
    "--format",
    "junit",
  ]);
  assert.equal(junit.code, 1, junit.stderr);
  assert.match(junit.stdout, /^<\?xml/);
  assert.match(junit.stdout, /<testcase [^>]*name="fuzz tool divide"[\s\S]*?<failure/);
  assert.match(junit.stdout, /internal_error/);
  const sarif = await mcptest([
    "fuzz",
    "--server",
    `strict=${STRICT}`,
    "--tool",
    "divide",
    "--seed",
    "11",
    "--format",
    "sarif",
  ]);
  assert.equal(sarif.code, 0, sarif.stderr);
  assert.deepEqual(JSON.parse(sarif.stdout).runs[0].results, []);
  const bad = await mcptest(["fuzz", "--server", `s=${STRICT}`, "--format", "xml"]);
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /^error: unknown --format "xml", expected one of: pretty, json, junit/);
});
