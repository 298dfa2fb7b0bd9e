/** @module JSON-RPC 2.0 message types as they travel on the wire. */

/** A JSON-RPC request id. */
export type JsonRpcId = string | number;

/** A request (has an id and a method). */
export interface JsonRpcRequest {
  /** Always `2.0`. */
  readonly jsonrpc: "2.0";
  /** Request id, echoed in the response. */
  readonly id: JsonRpcId;
  /** Method name (`tools/call`). */
  readonly method: string;
  /** Method params. */
  readonly params?: Record<string, unknown>;
}

/** A notification (a method, no id). */
export interface JsonRpcNotification {
  /** Always `2.0`. */
  readonly jsonrpc: "2.0";
  /** Method name (`notifications/initialized`). */
  readonly method: string;
  /** Method params. */
  readonly params?: Record<string, unknown>;
}

/** The error object of an error response. */
export interface JsonRpcErrorObject {
  /** JSON-RPC error code (`-32602`). */
  readonly code: number;
  /** Short description of the error. */
  readonly message: string;
  /** Extra information the server attached. */
  readonly data?: unknown;
}

/** A response: `result` or `error`. */
export interface JsonRpcResponse {
  /** Always `2.0`. */
  readonly jsonrpc: "2.0";
  /** Id of the request answered (null when it could not be read). */
  readonly id: JsonRpcId | null;
  /** The result, on success. */
  readonly result?: unknown;
  /** The error, on failure. */
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
