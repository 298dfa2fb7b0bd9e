/** @module lint() and migrate(): one call each, the format registry, and what migrate refuses. */

import assert from "node:assert/strict";
import { lint, migrate } from "../../../src/7_features/migration/lint.ts";
import { LINT_FORMATS, lintFormat } from "../../../src/7_features/migration/lint_formats.ts";
import { ConfigErrors, UsageError } from "../../../src/0_base/errors/errors.ts";
import { repoFile, tempTree } from "./_tree.ts";

Deno.test("lint() reports findings and unreadable files; LINT_FORMATS renders it", async (t) => {
  const legacy = await Deno.readTextFile(repoFile("examples/migration-legacy-suite.yml"));
  const tree = await tempTree({ "a/legacy.yml": legacy, "b/bad.yml": 'a: "open\n' });
  try {
    const report = await lint([], { cwd: tree.dir });
    assert.equal(report.files_checked, 2);
    assert.ok(report.findings.length > 0);
    assert.deepEqual(report.errors.map((e) => e.file), ["b/bad.yml"]);
    await t.step("json is the report itself", async () => {
      assert.deepEqual(JSON.parse((await LINT_FORMATS.json())(report)), report);
    });
    await t.step("pretty ends with the summary line", async () => {
      assert.match((await LINT_FORMATS.pretty())(report), /finding.* in 1 file \(2 files checked/);
    });
    await t.step("an unknown format", () => {
      assert.throws(
        () => lintFormat("xml"),
        /^UsageError: unknown --format "xml"; expected one of: pretty, json$/,
      );
    });
  } finally {
    await tree.cleanup();
  }
});

Deno.test("migrate() refuses another target and invalid files, and plans nothing then", async (t) => {
  const legacy = await Deno.readTextFile(repoFile("examples/migration-legacy-suite.yml"));
  const tree = await tempTree({ "s.yml": legacy, "bad/b.yml": 'a: "open\n' });
  try {
    await t.step("--to another revision", async () => {
      await assert.rejects(
        () => migrate("s.yml", { to: "2025-11-25", cwd: tree.dir }),
        (e: unknown) =>
          e instanceof UsageError &&
          e.message === 'unsupported --to "2025-11-25": the only migration target is 2026-07-28',
      );
    });
    await t.step("an invalid file: every error at its place, then the refusal", async () => {
      await assert.rejects(
        () => migrate(".", { to: "2026-07-28", write: true, cwd: tree.dir }),
        (e: unknown) => {
          assert.ok(e instanceof ConfigErrors);
          assert.equal(e.exitCode, 2);
          const messages = e.errors.map((m) => m.message);
          assert.match(messages[0]!, /^bad\/b\.yml:\d+:\d+: invalid YAML: /);
          assert.equal(
            messages.at(-1),
            "nothing was planned or written; fix the files above first",
          );
          return true;
        },
      );
      assert.equal(await Deno.readTextFile(`${tree.dir}/s.yml`), legacy, "nothing written");
    });
    await t.step("a valid file: the plan, written only with write", async () => {
      const plan = await migrate("s.yml", { to: "2026-07-28", cwd: tree.dir });
      assert.equal(plan.files.length, 1);
      assert.equal(await Deno.readTextFile(`${tree.dir}/s.yml`), legacy, "a dry run");
    });
  } finally {
    await tree.cleanup();
  }
});
