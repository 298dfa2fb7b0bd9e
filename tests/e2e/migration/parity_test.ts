/** @module `mcptest lint --format json` and lint() give the same report; `mcptest migrate` prints the plan migrate() returns. */

import assert from "node:assert/strict";
import { mcptest } from "../../_helpers/cli.ts";
import { lint, migrate } from "../../../src/7_features/migration/lint.ts";
import { LINT_FORMATS } from "../../../src/7_features/migration/lint_formats.ts";
import { lintExitCode } from "../../../src/7_features/migration/lint_report.ts";
import { renderPlan } from "../../../src/7_features/migration/migrate_plan.ts";
import { repoFile, tempTree } from "../../7_features/migration/_tree.ts";

Deno.test("lint() gives the report `mcptest lint --format json` prints", async (t) => {
  const legacy = await Deno.readTextFile(repoFile("examples/migration-legacy-suite.yml"));
  const tree = await tempTree({
    "suites/legacy.yml": legacy,
    "clean/ok.yml": "tools:\n  - { name: t, tool: x }\n",
    "broken/bad.yml": 'a: "open\n',
  });
  try {
    for (const paths of [["suites"], ["clean"], ["broken", "clean"], []]) {
      await t.step(paths.join(" ") || "(the working directory)", async () => {
        const run = await mcptest(["lint", ...paths, "--format", "json"], { cwd: tree.dir });
        const report = await lint(paths, { cwd: tree.dir });
        const render = await LINT_FORMATS.json();
        assert.equal(render(report), run.stdout);
        assert.equal(run.code, lintExitCode(report), run.stderr);
      });
    }
  } finally {
    await tree.cleanup();
  }
});

Deno.test("migrate() plans what `mcptest migrate` prints", async () => {
  const legacy = await Deno.readTextFile(repoFile("examples/migration-legacy-suite.yml"));
  const tree = await tempTree({ "suites/legacy.yml": legacy });
  try {
    const run = await mcptest(["migrate", "suites", "--to", "2026-07-28"], { cwd: tree.dir });
    assert.equal(run.code, 0, run.stderr);
    const plan = await migrate("suites", { to: "2026-07-28", cwd: tree.dir });
    assert.equal(renderPlan(plan, false), run.stdout);
  } finally {
    await tree.cleanup();
  }
});
