/** @module `mcptest run` sinks: load warnings on stderr, and a last-failed state that cannot be written costs a warning, never the report. */

import assert from "node:assert/strict";
import { itemsServerYaml, mcptest, tempProject } from "../../_helpers/cli.ts";

const SUITE = `servers:\n${itemsServerYaml()}tools:
  - name: echo with a header budget
    server: items
    tool: echo
    args: { text: "hi" }
    expect:
      - target: result.content[0].text
        matcher: { exact: "hi" }
      - response_headers: { x-served-by: "edge" }
`;

Deno.test("mcptest run prints a load warning for a header budget on a stdio server, and the budget SKIPs", async () => {
  const dir = await tempProject({ "suite.yml": SUITE });
  try {
    const run = await mcptest(["run", "suite.yml"], { cwd: dir });
    assert.equal(run.code, 0, run.stdout + run.stderr);
    assert.match(run.stderr, /^suite\.yml:\d+:\d+: warning: .*stdio/m);
    assert.match(run.stdout, /SKIP budget .*response headers are not available over stdio/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("mcptest run keeps the report and its exit code when the --last-failed state cannot be written", async () => {
  // .mcptest is a file: the state under it cannot be written.
  const dir = await tempProject({ "suite.yml": SUITE, ".mcptest": "not a folder" });
  try {
    const out = `${dir}/report.json`;
    const run = await mcptest(["run", "suite.yml", "--reporter", "json", "--output", out], {
      cwd: dir,
    });
    assert.equal(run.code, 0, run.stdout + run.stderr);
    assert.match(run.stderr, /warning: could not save the --last-failed state/);
    const record = JSON.parse(await Deno.readTextFile(out));
    assert.equal(record.summary.passed, 1);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
