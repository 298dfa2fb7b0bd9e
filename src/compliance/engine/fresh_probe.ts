/** @module The `fresh` probe: one raw frame on a connection of its own, before any handshake, then closed. */

import type { ServerSpec } from "../../config/types.ts";
import { McpSession } from "../../session/session.ts";
import type { Exchange } from "../../session/types.ts";
import { createTransport } from "../../transport/create.ts";
import { VERSION } from "../../version.ts";

/**
 * Open a new connection to `server` (a second process for stdio, a new HTTP exchange), send `frame`
 * as the first message and wait for the answer with `expectId`. The connection is always closed
 * (the child reaped) before this returns.
 * @throws ConnectError when the connection cannot be opened (the caller reports it as a failure)
 */
export async function runFreshProbe(
  server: ServerSpec,
  frame: string,
  expectId: string | number | undefined,
  timeoutMs: number,
): Promise<Exchange> {
  const transport = createTransport(server.target, { timeoutMs });
  try {
    await transport.start();
  } catch (error) {
    await transport.close();
    throw error;
  }
  const session = new McpSession({
    server,
    transport,
    clientInfo: { name: "mcptest", version: VERSION },
    capture: true,
  });
  try {
    return await session.sendRaw(frame, {
      timeoutMs,
      ...(expectId === undefined ? {} : { expectId }),
    });
  } finally {
    await session.close();
  }
}
