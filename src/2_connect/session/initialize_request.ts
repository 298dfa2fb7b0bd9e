/** @module The one `initialize` request builder and mcptest's client identity (handshake, doctor and probes share them). */

import type { JsonRpcId, JsonRpcRequest } from "../../0_base/protocol/jsonrpc.ts";
import { VERSION } from "../../0_base/version.ts";
import type { ClientInfo } from "./meta.ts";

/** The `clientInfo.name` mcptest sends everywhere. */
export const CLIENT_NAME = "mcptest";

/** mcptest's client identity: `{name: "mcptest", version}` (default: mcptest's version). */
export function mcptestClientInfo(version: string = VERSION): ClientInfo {
  return { name: CLIENT_NAME, version };
}

/** The params of `initialize` for `protocolVersion`: the client capabilities (default none), `clientInfo`. */
export function initializeParams(
  protocolVersion: string,
  clientInfo: ClientInfo = mcptestClientInfo(),
  capabilities: Record<string, unknown> = {},
): { protocolVersion: string; capabilities: Record<string, unknown>; clientInfo: ClientInfo } {
  return { protocolVersion, capabilities: { ...capabilities }, clientInfo: { ...clientInfo } };
}

/** A whole `initialize` request with `id`. */
export function initializeRequest(
  id: JsonRpcId,
  protocolVersion: string,
  clientInfo: ClientInfo = mcptestClientInfo(),
): JsonRpcRequest {
  return {
    jsonrpc: "2.0",
    id,
    method: "initialize",
    params: initializeParams(protocolVersion, clientInfo),
  };
}
