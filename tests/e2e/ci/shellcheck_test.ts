/** @module ShellCheck (Debian's shellcheck, when installed) finds nothing in the run: scripts of action.yml and the GitHub workflows of examples/ci/, and flags an unquoted variable in a broken copy. */

import assert from "node:assert/strict";
import { githubWorkflows, readText, stepsOf } from "../../ci/_files.ts";

/** Whether shellcheck runs here (spawning a program that is not installed throws at once). */
async function hasShellcheck(): Promise<boolean> {
  try {
    const out = await new Deno.Command("shellcheck", { args: ["--version"], stdout: "null" })
      .output();
    return out.success;
  } catch {
    return false;
  }
}

const HAS_SHELLCHECK = await hasShellcheck();

/** ShellCheck's findings for one bash script (what the runner writes to a file and runs). */
async function shellcheck(script: string): Promise<string> {
  const child = new Deno.Command("shellcheck", {
    args: ["--shell=bash", "--format=gcc", "-"],
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const writer = child.stdin.getWriter();
  await writer.write(new TextEncoder().encode(script));
  await writer.close();
  const out = await child.output();
  return new TextDecoder().decode(out.stdout) + new TextDecoder().decode(out.stderr);
}

Deno.test({
  name: "shellcheck finds nothing in the run: scripts of action.yml and the workflows",
  ignore: !HAS_SHELLCHECK,
  fn: async (t) => {
    for (const file of ["action.yml", ...githubWorkflows()]) {
      for (const { where, step } of stepsOf(readText(file))) {
        if (typeof step.run !== "string") continue;
        await t.step(`${file} ${where}`, async () => {
          assert.equal(await shellcheck(step.run!), "", step.name);
        });
      }
    }
    await t.step("a copy with an unquoted variable is flagged", async () => {
      const run = stepsOf(readText("action.yml")).find(({ step }) => step.id === "mcptest")!.step
        .run!;
      const broken = run.replace('mkdir -p "$reports"', "mkdir -p $reports");
      assert.notEqual(broken, run);
      assert.match(await shellcheck(broken), /SC2086/);
    });
  },
});
