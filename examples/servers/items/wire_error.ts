/** @module A JSON-RPC error whose code, message and data reach the wire exactly as given. */

/**
 * Thrown from a request handler, the SDK copies `code`, `message` and `data` into the error
 * response as they are (unlike `McpError`, which prefixes the message with "MCP error <code>:").
 */
export class WireError extends Error {
  readonly code: number;
  readonly data: unknown;

  constructor(code: number, message: string, data?: unknown) {
    super(message);
    this.name = "WireError";
    this.code = code;
    this.data = data;
  }
}

/** Standard JSON-RPC and MCP error codes the example server sends. */
export const ErrorCodes = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internalError: -32603,
  /** Resource not found, 2024-11-05 .. 2025-11-25 (reserved in 2026-07-28). */
  resourceNotFound: -32002,
  /** 2026-07-28: an HTTP header disagrees with the body. */
  headerMismatch: -32020,
  /** 2026-07-28: the `_meta` protocol version is not supported. */
  unsupportedProtocolVersion: -32022,
} as const;
