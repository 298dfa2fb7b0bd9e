/** @module action.yml and the GitHub workflows of examples/ci/ agree with deno.json (version, permission set), pin every action to a commit, keep inputs out of shell code, and are documented input by input in docs/ci.md. */

import assert from "node:assert/strict";
import {
  actionSpec,
  actionUseProblems,
  injectionProblems,
  isMcptestAction,
  pinConsistencyProblems,
  pinProblems,
  tableNames,
  versionProblems,
} from "./_checks.ts";
import { denoJson, githubWorkflows, readText, taskCommand } from "./_files.ts";

const ACTION = readText("action.yml");
const WORKFLOWS = githubWorkflows().map((file) => ({ file, text: readText(file) }));

Deno.test("action.yml runs jsr:@mcptest/cli at deno.json's version with the mcptest task's permission set", async (t) => {
  const { version } = denoJson();
  const task = taskCommand("mcptest");
  await t.step("action.yml as it is", () => {
    assert.deepEqual(versionProblems(ACTION, version, task), []);
  });
  await t.step("a copy pinned to another version is rejected", () => {
    const broken = ACTION.replace(/MCPTEST_VERSION: \S+/, "MCPTEST_VERSION: 0.0.9");
    assert.match(versionProblems(broken, version, task).join("\n"), /0\.0\.9 is not deno\.json's/);
  });
  await t.step("a copy with a wider permission set (-A) is rejected", () => {
    const broken = ACTION.replace("--allow-read --allow-write", "-A --allow-read --allow-write");
    assert.match(versionProblems(broken, version, task).join("\n"), /permission set .* is not/);
  });
  await t.step("a copy that drops a permission is rejected", () => {
    const broken = ACTION.replace(" --allow-sys ", " ");
    assert.match(versionProblems(broken, version, task).join("\n"), /permission set/);
  });
});

Deno.test("no run: script of action.yml or a workflow interpolates ${{ }} (inputs go through env)", async (t) => {
  await t.step("action.yml and every workflow", () => {
    for (const { file, text } of [{ file: "action.yml", text: ACTION }, ...WORKFLOWS]) {
      assert.deepEqual(injectionProblems(text), [], file);
    }
  });
  await t.step("a copy that pastes an input into the script is rejected", () => {
    const broken = ACTION.replace(
      'args+=(${extra[@]+"${extra[@]}"})',
      "args+=(${{ inputs.extra-args }})",
    );
    assert.notEqual(broken, ACTION);
    assert.match(injectionProblems(broken).join("\n"), /Run mcptest.*inside run/);
  });
});

Deno.test("every action used is pinned to a full commit SHA with its version in a comment", async (t) => {
  const texts = [ACTION, ...WORKFLOWS.map((w) => w.text)];
  await t.step("action.yml and every workflow", () => {
    for (const text of texts) assert.deepEqual(pinProblems(text, isMcptestAction), []);
    assert.deepEqual(pinConsistencyProblems(texts), []);
    assert.match(ACTION, /uses: denoland\/setup-deno@[0-9a-f]{40} # v\d/);
    assert.match(ACTION, /uses: github\/codeql-action\/upload-sarif@[0-9a-f]{40} # v\d/);
    assert.match(ACTION, /uses: actions\/upload-artifact@[0-9a-f]{40} # v\d/);
  });
  await t.step("a copy that uses a moving tag is rejected", () => {
    const broken = ACTION.replace(/denoland\/setup-deno@[0-9a-f]{40}/, "denoland/setup-deno@v2");
    assert.match(pinProblems(broken, isMcptestAction).join("\n"), /setup-deno@v2: not pinned/);
  });
  await t.step("a copy without the version comment is rejected", () => {
    const broken = ACTION.replace(/(setup-deno@[0-9a-f]{40}) # v[\d.]+/, "$1");
    assert.match(pinProblems(broken, isMcptestAction).join("\n"), /no "# vX\.Y\.Z" comment/);
  });
  await t.step("two pins of one action are rejected", () => {
    const other = ACTION.replace(/(upload-artifact@)[0-9a-f]{40}/, `$1${"a".repeat(40)}`);
    assert.match(pinConsistencyProblems([ACTION, other]).join("\n"), /upload-artifact is pinned/);
  });
});

Deno.test("the workflows use the action at deno.json's release, with inputs it has", async (t) => {
  const action = actionSpec(ACTION);
  const { version } = denoJson();
  await t.step("every workflow", () => {
    for (const { file, text } of WORKFLOWS) {
      assert.match(text, /uses: [\w.-]+\/mcptest@v/, `${file} uses the action`);
      assert.deepEqual(actionUseProblems(text, action, version), [], file);
    }
  });
  await t.step("a copy with a misspelt input or an unknown command is rejected", () => {
    const text = WORKFLOWS.find((w) => w.file.endsWith("github-sharded.yml"))!.text;
    const broken = text.replace("upload-artifact: true", "upload-artifacts: true")
      .replace("command: report", "command: reports");
    const problems = actionUseProblems(broken, action, version).join("\n");
    assert.match(problems, /no input "upload-artifacts"/);
    assert.match(problems, /command "reports" is not one of/);
  });
  await t.step("a copy at another release is rejected", () => {
    const text = WORKFLOWS[0]!.text.replace(/(mcptest@)v[\d.]+/, "$1v0.0.9");
    assert.match(actionUseProblems(text, action, version).join("\n"), /not the release/);
  });
});

Deno.test("every input and output of action.yml has a description and a row in docs/ci.md", async (t) => {
  const action = actionSpec(ACTION);
  const docs = readText("docs/ci.md");
  const check = (markdown: string) => {
    const problems: string[] = [];
    for (
      const [kind, names] of [
        ["inputs", Object.keys(action.inputs)],
        ["outputs", Object.keys(action.outputs)],
      ] as const
    ) {
      const rows = tableNames(markdown, `### ${kind[0]!.toUpperCase()}${kind.slice(1)}`);
      for (const name of names) if (!rows.includes(name)) problems.push(`${kind} ${name}: no row`);
      for (const row of rows) {
        if (!names.includes(row)) problems.push(`${kind} ${row}: not in action.yml`);
      }
    }
    return problems;
  };
  await t.step("descriptions", () => {
    for (const [name, spec] of Object.entries({ ...action.inputs, ...action.outputs })) {
      assert.ok((spec.description ?? "").length > 10, `${name} has a description`);
    }
    for (const [name, spec] of Object.entries(action.outputs)) {
      assert.match(spec.value ?? "", /^\$\{\{ steps\.\w+\.outputs\.[\w-]+ \}\}$/, name);
    }
  });
  await t.step("docs/ci.md as it is", () => assert.deepEqual(check(docs), []));
  await t.step("docs without a row for an input are rejected", () => {
    const broken = docs.replace(/^\| `shard` \|.*\n/m, "");
    assert.deepEqual(check(broken), ["inputs shard: no row"]);
  });
});
