/** @module Tests of process-tree ending: a stdio server's grandchild that ignores SIGTERM is killed after close(), closeAllTransports() and a signal to mcptest. */

import assert from "node:assert/strict";
import { closeAllTransports } from "../../../src/2_connect/transport/registry.ts";
import { StdioTransport } from "../../../src/2_connect/transport/stdio.ts";
import {
  grandchildPid,
  processEnded,
  treeServerArgv,
  waitEnded,
} from "../../fixtures/transport/tree.ts";

const GRACE_MS = 300;

async function startTree(setsid = false): Promise<
  { transport: StdioTransport; grandchild: number; dir: string }
> {
  const dir = await Deno.makeTempDir();
  const transport = new StdioTransport(
    { kind: "stdio", command: treeServerArgv(`${dir}/pids`, setsid), env: {} },
    { killTimeoutMs: GRACE_MS },
  );
  await transport.start();
  const grandchild = await grandchildPid(`${dir}/pids`);
  return { transport, grandchild, dir };
}

Deno.test("StdioTransport close() ends the server's whole process tree", async (t) => {
  await t.step(
    "a grandchild that ignores SIGTERM is SIGKILLed after the grace period",
    async () => {
      const { transport, grandchild, dir } = await startTree();
      try {
        assert.equal(processEnded(grandchild), false);
        // The grandchild ignores SIGTERM: only the SIGKILL after the grace ends it, and close()
        // returns only once it has been sent (no elapsed time is asserted: a busy machine may
        // run the grace long, never short).
        await transport.close();
        await waitEnded(grandchild, "the grandchild ending after close()");
      } finally {
        await transport.close();
        await Deno.remove(dir, { recursive: true });
      }
    },
  );

  await t.step({
    name: "a grandchild that left the process group (setsid) is found and killed, and named",
    ignore: Deno.build.os !== "linux",
    fn: async () => {
      const { transport, grandchild, dir } = await startTree(true);
      try {
        assert.equal(processEnded(grandchild), false);
        await transport.close();
        await waitEnded(grandchild, "the setsid grandchild ending after close()");
        assert.deepEqual(transport.escaped, [grandchild]);
      } finally {
        await transport.close();
        await Deno.remove(dir, { recursive: true });
      }
    },
  });

  await t.step("also when the server exited on its own first (a normal run)", async () => {
    const { transport, grandchild, dir } = await startTree();
    const exited = new Promise<void>((resolve) => {
      transport.onEvent = (event) => {
        if (event.kind === "closed") resolve();
      };
    });
    try {
      await transport.send({ jsonrpc: "2.0", method: "exit" });
      await exited;
      assert.equal(processEnded(grandchild), false, "the grandchild should outlive the server");
      await transport.close();
      await waitEnded(grandchild, "the grandchild ending after a normal run");
    } finally {
      await transport.close();
      await Deno.remove(dir, { recursive: true });
    }
  });

  await t.step("closeAllTransports() (the SIGINT/SIGTERM path) ends the tree", async () => {
    const { transport, grandchild, dir } = await startTree();
    try {
      await closeAllTransports();
      await waitEnded(grandchild, "the grandchild ending after closeAllTransports()");
    } finally {
      await transport.close();
      await Deno.remove(dir, { recursive: true });
    }
  });
});
