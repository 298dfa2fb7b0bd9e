/** @module JSON-RPC 2.0 message types as they travel on the wire. */

/** A JSON-RPC request id. */
export type JsonRpcId = string | number;

/** A request (has an id and a method). */
export interface JsonRpcRequest {
  readonly jsonrpc: "2.0";
  readonly id: JsonRpcId;
  readonly method: string;
  readonly params?: Record<string, unknown>;
}

/** A notification (a method, no id). */
export interface JsonRpcNotification {
  readonly jsonrpc: "2.0";
  readonly method: string;
  readonly params?: Record<string, unknown>;
}

/** The error object of an error response. */
export interface JsonRpcErrorObject {
  readonly code: number;
  readonly message: string;
  readonly data?: unknown;
}

/** A response: `result` or `error`. */
export interface JsonRpcResponse {
  readonly jsonrpc: "2.0";
  readonly id: JsonRpcId | null;
  readonly result?: unknown;
  readonly error?: JsonRpcErrorObject;
}

/** Any JSON-RPC message. */
export type JsonRpcMessage = JsonRpcRequest | JsonRpcNotification | JsonRpcResponse;

/** Whether a parsed value is a response (has an id and result or error, no method). */
export function isResponse(value: unknown): value is JsonRpcResponse {
  return typeof value === "object" && value !== null && !("method" in value) &&
    ("result" in value || "error" in value);
}

/** Whether a parsed value is a request from the peer (has method and id). */
export function isRequest(value: unknown): value is JsonRpcRequest {
  return typeof value === "object" && value !== null && "method" in value && "id" in value;
}

/** Whether a parsed value is a notification (method, no id). */
export function isNotification(value: unknown): value is JsonRpcNotification {
  return typeof value === "object" && value !== null && "method" in value && !("id" in value);
}
