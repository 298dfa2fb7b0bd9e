/** @module readBaseline(): a good file, a missing one, malformed JSON at file:line:col, the wrong shape. */

import assert from "node:assert/strict";
import { join } from "node:path";
import { readBaseline, writeBaseline } from "../../../src/5_execute/compliance/baseline.ts";
import { ConfigError, McptestError } from "../../../src/0_base/errors/errors.ts";
import { ExitCode } from "../../../src/0_base/errors/exit_codes.ts";

Deno.test("readBaseline() reads a written baseline and rejects bad files (exit 2)", async (t) => {
  const dir = await Deno.makeTempDir();
  const path = join(dir, "baseline.json");
  const rejectsWith = (pattern: RegExp) =>
    assert.rejects(() => readBaseline(path), (error: unknown) => {
      assert.ok(error instanceof McptestError);
      assert.equal(error.exitCode, ExitCode.ConfigError);
      assert.match(error.message, pattern);
      return true;
    });
  try {
    await t.step("round trip", async () => {
      await writeBaseline(path, { version: 1, accepted: ["a", "b"] });
      assert.deepEqual(await readBaseline(path), { version: 1, accepted: ["a", "b"] });
    });
    await t.step("missing file", async () => {
      await Deno.remove(path);
      await rejectsWith(/^cannot read baseline .*baseline\.json: .*create one with mcptest/);
    });
    await t.step("malformed JSON: a ConfigError at file:line:col", async () => {
      await Deno.writeTextFile(path, '{\n  "version": 1,\n  "accepted": [\n');
      await rejectsWith(/baseline\.json:4:1: cannot parse baseline: Unexpected end of JSON input$/);
      await assert.rejects(() => readBaseline(path), ConfigError);
    });
    await t.step("wrong shape", async () => {
      await Deno.writeTextFile(path, '{"version": 1, "accepted": [1]}');
      await rejectsWith(/^cannot use baseline .*: expected \{"version": 1, "accepted"/);
    });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
