/** @module `mcptest run | head -1`: a reader that leaves early ends the output quietly; the exit code is the run's verdict, never `internal error: Broken pipe` (#23). */

import assert from "node:assert/strict";
import { echoSuiteYaml, spawnMcptest, tempProject } from "../../_helpers/cli.ts";

async function headOne(dir: string): Promise<{ code: number; stderr: string }> {
  const child = spawnMcptest(["run", "suite.yml"], { cwd: dir, stdout: "piped", stderr: "piped" });
  const reader = child.stdout.getReader();
  await reader.read(); // the first chunk, like `head -1`, then the reader goes away
  await reader.cancel();
  const stderr = new TextDecoder().decode(
    new Uint8Array(await new Response(child.stderr).arrayBuffer()),
  );
  const { code } = await child.status;
  return { code, stderr };
}

Deno.test("a closed stdout ends the run's output quietly with the verdict's exit code", async () => {
  const names = Array.from({ length: 40 }, (_, i) => `test number ${i}`);
  const passing = await tempProject({ "suite.yml": echoSuiteYaml(names) });
  const failing = await tempProject({ "suite.yml": echoSuiteYaml(names, [names[39]!]) });
  try {
    const ok = await headOne(passing);
    assert.doesNotMatch(ok.stderr, /internal error|Broken pipe| {4}at /, ok.stderr);
    assert.equal(ok.code, 0, ok.stderr);
    const bad = await headOne(failing);
    assert.doesNotMatch(bad.stderr, /internal error|Broken pipe/, bad.stderr);
    assert.equal(bad.code, 1, bad.stderr);
  } finally {
    await Deno.remove(passing, { recursive: true });
    await Deno.remove(failing, { recursive: true });
  }
});
