/** @module End to end against the real server-everything over stdio and Streamable HTTP. */

// End to end against the real `@modelcontextprotocol/server-everything` over stdio and Streamable
// HTTP: connect, tools/list, one tools/call, close (and the stdio child is reaped).

import assert from "node:assert/strict";
import { connect } from "../../../src/2_connect/session/connect.ts";
import {
  connectStdioWithPid,
  httpServer,
  portBelowEphemeral,
  processGone,
  startPortFixture,
  stdioServer,
} from "../../fixtures/transport/helpers.ts";
import type { Session } from "../../../src/2_connect/session/types.ts";
import { firstText } from "./session_contract.ts";

const PACKAGE = "npm:@modelcontextprotocol/server-everything@2026.8.31";

/** argv running server-everything in `mode`, without touching the project's config or lock. */
function everything(mode: "stdio" | "streamableHttp"): string[] {
  return [Deno.execPath(), "run", "--quiet", "-A", "--no-config", "--no-lock", PACKAGE, mode];
}

async function exercise(session: Session): Promise<void> {
  assert.equal(session.serverInfo?.name !== undefined, true);
  const list = await session.request("tools/list");
  assert.equal(list.failure, undefined);
  const names = (list.response?.result as { tools: { name: string }[] }).tools.map((t) => t.name);
  assert.ok(names.includes("echo"), `tools: ${names.join(", ")}`);
  const echo = await session.request("tools/call", {
    name: "echo",
    arguments: { message: "hi from mcptest" },
  });
  assert.equal(echo.failure, undefined);
  assert.equal(firstText(echo), "Echo: hi from mcptest");
}

Deno.test("connect() works against server-everything over stdio", async () => {
  const { session, pid } = await connectStdioWithPid(
    stdioServer(everything("stdio"), { timeoutMs: 60_000 }),
  );
  try {
    await exercise(session);
  } finally {
    await session.close();
  }
  assert.ok(processGone(pid));
});

Deno.test("connect() works against server-everything over Streamable HTTP", async () => {
  // It prints the PORT it was given, not the port bound, so port 0 cannot be read back: it gets a
  // port no port-0 server is handed, and another should a concurrent run take the same one.
  let server: Awaited<ReturnType<typeof startPortFixture>> | undefined;
  for (let attempt = 1; server === undefined; attempt++) {
    try {
      server = await startPortFixture(everything("streamableHttp"), {
        PORT: String(portBelowEphemeral()),
      });
    } catch (error) {
      if (attempt >= 5 || !/EADDRINUSE|exited before/.test(String(error))) throw error;
    }
  }
  try {
    const session = await connect(httpServer(server.url("/mcp"), "auto", { timeoutMs: 60_000 }));
    try {
      await exercise(session);
      assert.equal(session.capture().server_label, server.url("/mcp"));
    } finally {
      await session.close();
    }
  } finally {
    await server.close();
  }
});
