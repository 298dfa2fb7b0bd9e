/** @module Tests of the open-transport registry used on SIGINT/SIGTERM. */

import assert from "node:assert/strict";
import { StdioTransport } from "../../../src/2_connect/transport/stdio.ts";
import {
  closeAllTransports,
  openTransportCount,
} from "../../../src/2_connect/transport/registry.ts";
import { processGone } from "../../fixtures/transport/helpers.ts";

Deno.test("closeAllTransports() closes every open transport and reaps the children", async () => {
  const transports = [1, 2].map(() =>
    new StdioTransport({ kind: "stdio", command: ["sleep", "1000"], env: {} }, {
      killTimeoutMs: 500,
    })
  );
  try {
    for (const transport of transports) await transport.start();
    assert.ok(openTransportCount() >= 2);
    const pids = transports.map((t) => t.pid as number);
    await closeAllTransports();
    assert.ok(pids.every(processGone));
  } finally {
    await Promise.all(transports.map((t) => t.close()));
  }
});
