/** @module E2E: SIGTERM/SIGINT to a running `mcptest run` ends the stdio server's whole tree, a SIGTERM-ignoring grandchild included. */

import assert from "node:assert/strict";
import { spawnMcptest } from "../../_helpers/cli.ts";
import { grandchildPid, treeServerArgv, waitEnded } from "../../fixtures/transport/tree.ts";
import { StreamText } from "../../_helpers/wait.ts";

async function signalDuringRun(signal: "SIGTERM" | "SIGINT", expectedCode: number): Promise<void> {
  const dir = await Deno.makeTempDir();
  const pidFile = `${dir}/pids`;
  const suite = `${dir}/tree.yml`;
  await Deno.writeTextFile(
    suite,
    [
      "servers:",
      "  tree:",
      `    command: ${JSON.stringify(treeServerArgv(pidFile))}`,
      "    timeout_ms: 60000",
      "tools:",
      "  - name: hangs until mcptest is stopped",
      "    server: tree",
      "    tool: hang",
      "",
    ].join("\n"),
  );
  // --verbose prints each frame as it is sent: the signal comes once the hanging call is out.
  const child = spawnMcptest(["run", suite, "--verbose"], { cwd: dir, stderr: "piped" });
  const stderr = new StreamText(child.stderr);
  let grandchild: number | undefined;
  try {
    grandchild = await grandchildPid(pidFile);
    await stderr.until(/^> tree .*"method":"tools\/call"/m);
    child.kill(signal);
    const status = await child.status;
    assert.equal(status.code, expectedCode, stderr.text);
    await waitEnded(grandchild, `the grandchild ending after ${signal} of mcptest`);
  } finally {
    try {
      child.kill("SIGKILL");
    } catch {
      // exited
    }
    await child.status;
    await stderr.ended();
    if (grandchild !== undefined) {
      try {
        Deno.kill(grandchild, "SIGKILL");
      } catch {
        // gone, as it should be
      }
    }
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test("mcptest run ends the server's process tree when it is stopped", async (t) => {
  await t.step("SIGTERM: exit 143, grandchild gone", () => signalDuringRun("SIGTERM", 143));
  await t.step("SIGINT: exit 130, grandchild gone", () => signalDuringRun("SIGINT", 130));
});
