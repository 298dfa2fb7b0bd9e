/** @module The GitLab CI example parses as YAML, fits tests/ci/gitlab_ci.schema.json (the GitLab keywords it uses, strictly), names stages and needs that exist, and runs mcptest at deno.json's version with the mcptest task's permission set; broken copies are rejected. */

import assert from "node:assert/strict";
import { Ajv2020 } from "ajv/dist/2020.js";
import { parseDocument } from "yaml";
import schema from "./gitlab_ci.schema.json" with { type: "json" };
import { jsrRunLines } from "./_checks.ts";
import { denoJson, gitlabFiles, permissionFlags, readText, taskCommand } from "./_files.ts";

const validate = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true }).compile(
  schema,
);

type Job = { stage?: string; needs?: (string | { job: string })[]; script?: string[] };

/** Every problem of a GitLab CI file: YAML, schema, stages and needs, the mcptest command line. */
function gitlabProblems(text: string): string[] {
  const doc = parseDocument(text, { strict: true, uniqueKeys: true });
  const problems = [...doc.errors, ...doc.warnings].map((e) => `YAML: ${e.message}`);
  if (problems.length > 0) return problems;
  const value = doc.toJS() as Record<string, unknown>;
  if (!validate(value)) {
    for (const e of validate.errors ?? []) {
      problems.push(`schema: ${e.instancePath || "/"} ${e.message} ${JSON.stringify(e.params)}`);
    }
    return problems;
  }
  const stages = (value.stages as string[] | undefined) ?? ["build", "test", "deploy"];
  const reserved = new Set(["stages", "default", "variables", "cache"]);
  const jobs = Object.entries(value).filter(([k]) => !reserved.has(k)) as [string, Job][];
  for (const [name, job] of jobs) {
    if (job.stage && !stages.includes(job.stage)) {
      problems.push(`${name}: stage "${job.stage}" is not in stages`);
    }
    for (const need of job.needs ?? []) {
      const target = typeof need === "string" ? need : need.job;
      if (!jobs.some(([n]) => n === target)) {
        problems.push(`${name}: needs "${target}", no such job`);
      }
    }
  }
  const { version } = denoJson();
  const lines = jsrRunLines(text);
  if (lines.length === 0) problems.push("no deno run ... jsr:@mcptest/cli line");
  for (const line of lines) {
    if (
      !line.includes(`jsr:@mcptest/cli@${version} `) &&
      !line.endsWith(`jsr:@mcptest/cli@${version}`)
    ) {
      problems.push(`not jsr:@mcptest/cli@${version}: ${line}`);
    }
    const [got, want] = [permissionFlags(line), permissionFlags(taskCommand("mcptest"))];
    if (got.join(" ") !== want.join(" ")) problems.push(`permission set ${got.join(" ")}`);
  }
  return problems;
}

Deno.test("every GitLab CI example of examples/ci/ validates", () => {
  const files = gitlabFiles();
  assert.ok(files.length >= 1);
  for (const file of files) assert.deepEqual(gitlabProblems(readText(file)), [], file);
});

Deno.test("the GitLab check rejects broken copies", async (t) => {
  const text = readText("examples/ci/gitlab-ci.yml");
  const rejects = (broken: string, pattern: RegExp) => {
    assert.notEqual(broken, text, "the copy differs");
    assert.match(gitlabProblems(broken).join("\n"), pattern);
  };
  await t.step("a misspelt key (artifacts:report)", () => {
    rejects(text.replace("    reports:\n", "    report:\n"), /additionalProperty":"report"/);
  });
  await t.step("a key in the wrong place (parallel under artifacts)", () => {
    rejects(
      text.replace("    when: always\n    expire_in", "    parallel: 3\n    expire_in"),
      /parallel/,
    );
  });
  await t.step("a value GitLab refuses (when: allways, parallel: 0)", () => {
    rejects(
      text.replace("  when: always\n  script", "  when: allways\n  script"),
      /allowed values/,
    );
    rejects(text.replace("parallel: 3", "parallel: 0"), /must be >= 1/);
  });
  await t.step("a job without a script", () => {
    rejects(
      text.replace("  script:\n    - mkdir -p reports\n", "  scripts:\n    - mkdir -p reports\n"),
      /script/,
    );
  });
  await t.step("a stage or a need that does not exist", () => {
    rejects(text.replace("stage: report", "stage: reports"), /stage "reports" is not in stages/);
    rejects(text.replace("needs: [mcptest]", "needs: [mcptests]"), /needs "mcptests", no such job/);
  });
  await t.step("YAML that does not parse, or repeats a key", () => {
    rejects(text.replace("stages:\n", "stages:\n  - [\n"), /YAML/);
    rejects(
      text.replace("  parallel: 3\n", "  parallel: 3\n  parallel: 2\n"),
      /YAML: Map keys must be unique/,
    );
  });
  await t.step("another version, or another permission set", () => {
    rejects(text.replace(/jsr:@mcptest\/cli@[\d.]+/, "jsr:@mcptest/cli@0.0.9"), /not jsr:@mcptest/);
    rejects(text.replace("--allow-run ", ""), /permission set/);
  });
});
