/** @module A session over a transport already made (a replay's or a recording's): start it, wrap it in a session, run the handshake, as `connect()` does for a live one. */

import { ConfigError } from "../../0_base/errors/errors.ts";
import { findRevision } from "../../0_base/protocol/revisions.ts";
import { handshake } from "../session/handshake.ts";
import { mcptestClientInfo } from "../session/initialize_request.ts";
import { McpSession } from "../session/session.ts";
import type { FrameObserver, ServerEndpoint } from "../session/types.ts";
import type { Transport } from "../transport/types.ts";

/** Start `transport`, wrap it in a session and run the handshake (as `connect()` does). */
export async function openOver(
  server: ServerEndpoint,
  transport: Transport,
  options: { readonly toolVersion: string; readonly onFrame?: FrameObserver },
  capture: boolean,
): Promise<McpSession> {
  const pin = server.revision === undefined ? undefined : findRevision(server.revision);
  if (server.revision !== undefined && !pin) {
    throw new ConfigError(`unknown protocol revision "${server.revision}"`, server.pos);
  }
  try {
    await transport.start();
  } catch (error) {
    await transport.close();
    throw error;
  }
  const clientInfo = mcptestClientInfo(options.toolVersion);
  const session = new McpSession({
    server,
    transport,
    clientInfo,
    capture,
    ...(options.onFrame === undefined ? {} : { onFrame: options.onFrame }),
  });
  try {
    await handshake(session, { pin, clientInfo, timeoutMs: server.timeoutMs });
  } catch (error) {
    await session.close();
    throw error;
  }
  return session;
}
