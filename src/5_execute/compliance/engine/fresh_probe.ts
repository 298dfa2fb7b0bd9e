/** @module The `fresh` probe: one raw frame on a connection of its own, before any handshake, then closed. */

import type { ServerEndpoint } from "../../../2_connect/session/types.ts";
import { openSession } from "../../../2_connect/session/connect.ts";
import type { Exchange } from "../../../2_connect/session/types.ts";

/**
 * Open a new connection to `server` (a second process for stdio, a new HTTP exchange), send `frame`
 * as the first message and wait for the answer with `expectId`. The connection is always closed
 * (the child reaped) before this returns.
 * @throws ConnectError when the connection cannot be opened (the caller reports it as a failure)
 */
export async function runFreshProbe(
  server: ServerEndpoint,
  frame: string,
  expectId: string | number | undefined,
  timeoutMs: number,
): Promise<Exchange> {
  const session = await openSession(server, { timeoutMs });
  try {
    return await session.sendRaw(frame, {
      timeoutMs,
      ...(expectId === undefined ? {} : { expectId }),
    });
  } finally {
    await session.close();
  }
}
