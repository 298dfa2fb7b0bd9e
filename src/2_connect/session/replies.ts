/** @module What the client answers to server->client requests, and how transport errors become Exchange outcomes. */

import type { JsonRpcRequest, JsonRpcResponse } from "../../0_base/protocol/jsonrpc.ts";
import { TransportError } from "../transport/transport_error.ts";
import type { Outcome } from "./pending.ts";

const METHOD_NOT_FOUND = -32601;

/**
 * The client's reply to a server request, so a server never hangs waiting: `ping` -> `{}`,
 * `roots/list` -> `{roots: []}`, anything else -> -32601.
 */
export function replyTo(request: JsonRpcRequest): JsonRpcResponse {
  if (request.method === "ping") return { jsonrpc: "2.0", id: request.id, result: {} };
  if (request.method === "roots/list") {
    return { jsonrpc: "2.0", id: request.id, result: { roots: [] } };
  }
  return {
    jsonrpc: "2.0",
    id: request.id,
    error: { code: METHOD_NOT_FOUND, message: `Method not found: ${request.method}` },
  };
}

/** Map a failed send onto an Exchange outcome (network failures count as kind `http`). */
export function outcomeOf(error: unknown): Outcome {
  if (!(error instanceof TransportError)) {
    return {
      failure: { kind: "closed", message: error instanceof Error ? error.message : String(error) },
    };
  }
  const kind = error.kind === "network" ? "http" : error.kind;
  const failure = {
    kind,
    message: error.message,
    ...(error.layer === undefined ? {} : { layer: error.layer }),
  };
  return error.http === undefined ? { failure } : { failure, http: error.http };
}
