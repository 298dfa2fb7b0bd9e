/** @module From a clone, the CLI reads its own code as a command loads: a narrow --allow-read without mcptest's src/ gets one line naming it (exit 2), not a stack trace; with src/ allowed the command runs. */

import assert from "node:assert/strict";
import { fileURLToPath as fromFileUrl } from "node:url";
import { type CliRun, mcptest } from "../../_helpers/cli.ts";

const SRC = fromFileUrl(new URL("../../../src/", import.meta.url));

/** `mcptest conformance check-ids` from the clone with only `--allow-env` and the `read` flags. */
function cli(read: string[]): Promise<CliRun> {
  return mcptest(["conformance", "check-ids"], { permissions: ["--allow-env", ...read] });
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
