/** @module Small HTTP helpers: read a request body, write a JSON or JSON-RPC error response. */

import type { IncomingMessage, ServerResponse } from "node:http";

/** Largest request body accepted (bytes). */
export const MAX_BODY_BYTES = 4 * 1024 * 1024;

/** The request body as text; rejects when it exceeds {@link MAX_BODY_BYTES}. */
export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of req) {
    const bytes = typeof chunk === "string" ? new TextEncoder().encode(chunk) : chunk as Uint8Array;
    size += bytes.byteLength;
    if (size > MAX_BODY_BYTES) throw new RangeError(`body exceeds ${MAX_BODY_BYTES} bytes`);
    chunks.push(bytes);
  }
  const joined = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    joined.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return new TextDecoder().decode(joined);
}

/** Write `body` as JSON with `status`. */
export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { ...headers, "content-type": "application/json" });
  res.end(text);
}

/** Write a JSON-RPC error response (id null when the request had none). */
export function sendRpcError(
  res: ServerResponse,
  status: number,
  id: string | number | null,
  code: number,
  message: string,
  data?: unknown,
): void {
  const error = { code, message, ...(data === undefined ? {} : { data }) };
  sendJson(res, status, { jsonrpc: "2.0", id, error });
}

/** A header's single value (the first when repeated). */
export function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}
