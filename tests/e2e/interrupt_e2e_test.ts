/** @module Ctrl-C during `mcptest run`: the server child is reaped and the CLI exits 130. */

import assert from "node:assert/strict";
import { processGone } from "../fixtures/transport/helpers.ts";
import { spawnMcptest } from "../_helpers/cli.ts";
import { serverPid, slowServerProject } from "../_helpers/slow_server.ts";

Deno.test("Ctrl-C (SIGINT) during a run reaps the server child and exits 130", async () => {
  const dir = await slowServerProject();
  const child = spawnMcptest(["run", "suite.yml"], { cwd: dir });
  try {
    const pid = await serverPid(dir);
    assert.ok(pid > 0, "the server started");
    await new Promise((r) => setTimeout(r, 500));
    assert.equal(processGone(pid), false, "the server runs while the test waits");
    child.kill("SIGINT");
    const status = await child.status;
    assert.equal(status.code, 130);
    for (let i = 0; i < 40 && !processGone(pid); i++) await new Promise((r) => setTimeout(r, 50));
    assert.ok(processGone(pid), "the server child was reaped");
  } finally {
    try {
      child.kill("SIGKILL");
    } catch { /* exited */ }
    await child.status;
    await Deno.remove(dir, { recursive: true });
  }
});
