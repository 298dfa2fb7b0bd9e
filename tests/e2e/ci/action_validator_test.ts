/** @module @action-validator/cli (npm, pinned in deno.json) accepts action.yml and every GitHub workflow of examples/ci/ against the published schemas, and rejects broken copies. */

import assert from "node:assert/strict";
import { denoJson, githubWorkflows, ROOT } from "../../ci/_files.ts";

/** Run action-validator on `text` saved as `name` (action.yml is an action, anything else a workflow). */
async function actionValidator(text: string, name: string) {
  const dir = await Deno.makeTempDir({ prefix: "mcptest-action-validator-" });
  try {
    await Deno.writeTextFile(`${dir}/${name}`, text);
    const out = await new Deno.Command(Deno.execPath(), {
      args: [
        "run",
        "--no-prompt",
        `--config=${ROOT}deno.json`,
        "--allow-read", // the file, and the validator's own WASM in Deno's npm cache
        "--allow-env",
        denoJson().imports["@action-validator/cli"]!,
        name,
      ],
      cwd: dir,
      env: { NO_COLOR: "1", FORCE_COLOR: "0" },
      stdin: "null",
      stdout: "piped",
      stderr: "piped",
    }).output();
    const text_ = (b: Uint8Array) => new TextDecoder().decode(b);
    return { code: out.code, output: text_(out.stdout) + text_(out.stderr) };
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test("action-validator accepts action.yml and rejects broken copies", async (t) => {
  const action = await Deno.readTextFile(`${ROOT}action.yml`);
  await t.step("action.yml", async () => {
    const run = await actionValidator(action, "action.yml");
    assert.equal(run.code, 0, run.output);
  });
  await t.step("a typo'd key (defualt)", async () => {
    const broken = action.replace("    default: mcptest-report", "    defualt: mcptest-report");
    assert.notEqual(broken, action);
    const run = await actionValidator(broken, "action.yml");
    assert.equal(run.code, 1, run.output);
    assert.match(run.output, /Additional property 'defualt' is not allowed/);
  });
  await t.step("a step with neither run nor uses", async () => {
    const broken = action.replace(
      "      uses: denoland/setup-deno@",
      "      usez: denoland/setup-deno@",
    );
    const run = await actionValidator(broken, "action.yml");
    assert.equal(run.code, 1, run.output);
    assert.match(run.output, /"path": "\/runs\/steps\/0"/);
  });
  await t.step("a composite run step without shell", async () => {
    const broken = action.replace(
      /(- name: Exit with mcptest's exit code\n(?:.*\n)*?) {6}shell: bash\n/,
      "$1",
    );
    assert.notEqual(broken, action);
    const run = await actionValidator(broken, "action.yml");
    assert.equal(run.code, 1, run.output);
    assert.match(run.output, /"path": "\/runs\/steps\/5"/);
  });
});

Deno.test("action-validator accepts every GitHub workflow of examples/ci/, and rejects a broken copy", async (t) => {
  for (const file of githubWorkflows()) {
    await t.step(file, async () => {
      const text = await Deno.readTextFile(`${ROOT}${file}`);
      const run = await actionValidator(text, "workflow.yml");
      assert.equal(run.code, 0, run.output);
    });
  }
  await t.step("a workflow with a job key misspelt", async () => {
    const text = await Deno.readTextFile(`${ROOT}examples/ci/github-sharded.yml`);
    const run = await actionValidator(
      text.replace("    needs: shard", "    need: shard"),
      "workflow.yml",
    );
    assert.equal(run.code, 1, run.output);
    assert.match(run.output, /"path": "\/jobs\/merge"/);
  });
});
