/** @module Ctrl-C during `mcptest run`: the server child is reaped and the CLI exits 130. */

import assert from "node:assert/strict";
import { processGone } from "../fixtures/transport/helpers.ts";
import { spawnMcptest } from "../_helpers/cli.ts";
import { serverPid, slowServerProject } from "../_helpers/slow_server.ts";
import { StreamText, waitUntil } from "../_helpers/wait.ts";

Deno.test("Ctrl-C (SIGINT) during a run reaps the server child and exits 130", async () => {
  const dir = await slowServerProject();
  // --verbose prints each frame as it is sent: Ctrl-C comes once the 20 s call is out.
  const child = spawnMcptest(["run", "suite.yml", "--verbose"], { cwd: dir, stderr: "piped" });
  const stderr = new StreamText(child.stderr);
  try {
    const pid = await serverPid(dir);
    await stderr.until(/^> items .*"method":"tools\/call"/m);
    assert.equal(processGone(pid), false, "the server runs while the test waits");
    child.kill("SIGINT");
    const status = await child.status;
    assert.equal(status.code, 130, stderr.text);
    await waitUntil(() => processGone(pid), "the server child reaped after Ctrl-C");
  } finally {
    try {
      child.kill("SIGKILL");
    } catch { /* exited */ }
    await child.status;
    await stderr.ended();
    await Deno.remove(dir, { recursive: true });
  }
});
