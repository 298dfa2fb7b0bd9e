/** @module Our own JSON-RPC message shapes and guards (the SDK's zod-inferred types degrade to `any` under Deno). */

/** A JSON-RPC request id. */
export type RequestId = string | number;

/** A request: has an id and a method. */
export interface RpcRequest {
  readonly jsonrpc: "2.0";
  readonly id: RequestId;
  readonly method: string;
  readonly params?: unknown;
}

/** A successful response. */
export interface RpcResult {
  readonly jsonrpc: "2.0";
  readonly id: RequestId;
  readonly result: Record<string, unknown>;
}

/** An error response. */
export interface RpcErrorResponse {
  readonly jsonrpc: "2.0";
  readonly id: RequestId | null;
  readonly error: { readonly code: number; readonly message: string; readonly data?: unknown };
}

function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? value as Record<string, unknown>
    : undefined;
}

function isId(value: unknown): value is RequestId {
  return typeof value === "string" || (typeof value === "number" && Number.isInteger(value));
}

/** The message as a request, or undefined. */
export function asRequest(value: unknown): RpcRequest | undefined {
  const message = record(value);
  if (message?.jsonrpc !== "2.0" || !isId(message.id) || typeof message.method !== "string") {
    return undefined;
  }
  return { jsonrpc: "2.0", id: message.id, method: message.method, params: message.params };
}

/** The message as a successful response, or undefined. */
export function asResult(value: unknown): RpcResult | undefined {
  const message = record(value);
  const result = record(message?.result);
  if (message?.jsonrpc !== "2.0" || !isId(message.id) || !result || "method" in message) {
    return undefined;
  }
  return { jsonrpc: "2.0", id: message.id, result };
}

/** The message as an error response, or undefined. */
export function asErrorResponse(value: unknown): RpcErrorResponse | undefined {
  const message = record(value);
  const error = record(message?.error);
  if (message?.jsonrpc !== "2.0" || !error || typeof error.code !== "number") return undefined;
  const id = isId(message.id) ? message.id : null;
  return {
    jsonrpc: "2.0",
    id,
    error: { code: error.code, message: String(error.message ?? ""), data: error.data },
  };
}
