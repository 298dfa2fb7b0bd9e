/** @module examples/spec-version-pinning.yml: clean under `mcptest run` too, and its documented breaking variant fails the gate. */

import assert from "node:assert/strict";
import { mcptest, ROOT, tempProject } from "../../_helpers/cli.ts";

const EXAMPLE = `${ROOT}examples/spec-version-pinning.yml`;

/** The example with the edits its header comment (and docs/spec-versions.md) describe. */
async function variant(replacements: readonly [string, string][]): Promise<string> {
  let text = await Deno.readTextFile(EXAMPLE);
  for (const [from, to] of replacements) {
    assert.ok(text.includes(from), `the example still contains ${JSON.stringify(from)}`);
    text = text.replace(from, to);
  }
  return text.replace(
    '"servers/items_server.ts"',
    JSON.stringify(`${ROOT}examples/servers/items_server.ts`),
  );
}

Deno.test("spec-version-pinning.yml under `mcptest run`: the gate is one PASS result of kind gate", async () => {
  const dir = await Deno.makeTempDir({ prefix: "mcptest-gate-" });
  try {
    const run = await mcptest([
      "run",
      EXAMPLE,
      "--reporter",
      "json",
      "--output",
      `${dir}/run.json`,
    ]);
    assert.equal(run.code, 0, run.stdout + run.stderr);
    const record = JSON.parse(await Deno.readTextFile(`${dir}/run.json`));
    const gates = record.tests.filter((t: { kind: string }) => t.kind === "gate");
    assert.equal(gates.length, 1);
    assert.equal(gates[0].status, "pass");
    assert.equal(gates[0].name, "spec_version_check v2026-07-28 -> draft");
    assert.deepEqual(
      gates[0].assertions.map((a: { target: string }) => a.target),
      ["spec_clean", "spec_breaking_changes"],
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("spec-version-pinning.yml, breaking variant (v2024-11-05 -> v2025-06-18): the gate fails, exit 1", async () => {
  const dir = await tempProject({
    "suite.yml": await variant([
      ["  spec_version: v2026-07-28\n", "  spec_version: v2024-11-05\n"],
      ["    against: draft\n", "    against: v2025-06-18\n"],
    ]),
  });
  try {
    const run = await mcptest(["compliance", "run", "--from-suite", "suite.yml"], { cwd: dir });
    assert.equal(run.code, 1, run.stdout + run.stderr);
    const gate = run.stdout.slice(run.stdout.indexOf("spec_version_check"));
    assert.match(run.stdout, /FAIL {2}spec_version_check v2024-11-05 -> v2025-06-18/);
    assert.match(gate, /spec_clean\n\s+expected \(exact\): true\n\s+actual: +false/);
    assert.match(gate, /spec_breaking_changes[\s\S]*actual: +\[[^\]]*"PROTO-002"/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("spec-version-pinning.yml with a typo in the pin: exit 2 before any server starts", async () => {
  const dir = await tempProject({
    "suite.yml": await variant([["  spec_version: v2026-07-28\n", "  spec_version: v2026-7-28\n"]]),
  });
  try {
    const run = await mcptest(["compliance", "run", "--from-suite", "suite.yml"], { cwd: dir });
    assert.equal(run.code, 2);
    assert.equal(run.stdout, "");
    assert.match(
      run.stderr,
      /suite\.yml:\d+:\d+: unknown compliance spec_version: "v2026-7-28", expected one of: v2024-11-05, .*draft/,
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
