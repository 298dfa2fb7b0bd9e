/** @module From a clone, the CLI reads its own code as a command loads: a narrow --allow-read without mcptest's src/ gets one line naming it (exit 2), not a stack trace; with src/ allowed the command runs. */

import assert from "node:assert/strict";
import { fileURLToPath as fromFileUrl } from "node:url";

const CLI = fromFileUrl(new URL("../../../cli.ts", import.meta.url));
const SRC = fromFileUrl(new URL("../../../src/", import.meta.url));

async function cli(read: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "--no-prompt", "--allow-env", ...read, CLI, "conformance", "check-ids"],
    env: { NO_COLOR: "1" },
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).output();
  const text = (b: Uint8Array) => new TextDecoder().decode(b);
  return { code: out.code, stdout: text(out.stdout), stderr: text(out.stderr) };
}

Deno.test("a command without read access to mcptest's src/ says so in one line, exit 2", async () => {
  const run = await cli([]);
  assert.equal(run.code, 2, run.stderr);
  assert.equal(
    run.stderr,
    `error: mcptest reads its own code under ${SRC}: allow it (--allow-read=${SRC})\n`,
  );
  assert.equal(run.stdout, "");
});

Deno.test("the same command with --allow-read of src/ alone runs", async () => {
  const run = await cli([`--allow-read=${SRC}`]);
  assert.equal(run.code, 0, run.stderr);
  assert.match(run.stdout, /sep-986-tool-name-length/);
});
