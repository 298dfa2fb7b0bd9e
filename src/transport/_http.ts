/** @module Helpers shared by the HTTP transports: fetch with layered errors, HttpInfo, JSON-RPC body detection. */

import { classifyFetchError, redactUrl } from "./failure_layer.ts";
import { TransportError } from "./transport_error.ts";
import type { HttpInfo } from "./types.ts";

/** Default timeout of one HTTP exchange when the caller gives no signal. */
export const DEFAULT_HTTP_TIMEOUT_MS = 30_000;

/** Status + lower-cased headers of a response. */
export function httpInfoOf(response: Response): HttpInfo {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name.toLowerCase()] = value;
  });
  return { status: response.status, headers };
}

/** Whether a parsed body is a JSON-RPC message or a non-empty batch of them. */
export function isJsonRpcPayload(value: unknown): boolean {
  if (Array.isArray(value)) return value.length > 0 && value.every(isJsonRpcObject);
  return isJsonRpcObject(value);
}

function isJsonRpcObject(value: unknown): boolean {
  return typeof value === "object" && value !== null &&
    (value as { jsonrpc?: unknown }).jsonrpc === "2.0";
}

/** Parse JSON, or undefined. */
export function tryParseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** A TransportError for an HTTP error status without a JSON-RPC body (401/403 -> auth layer). */
export function statusError(url: string, http: HttpInfo): TransportError {
  const layer = http.status === 401 || http.status === 403 ? "auth" : "http";
  return new TransportError("http", `http ${http.status} from ${redactUrl(url)}`, { http, layer });
}

/**
 * Map an error thrown by fetch or by reading a body: a timeout, our own abort (closed), or a
 * network failure classified into the dns/tcp/tls layer.
 */
export function fetchFailure(error: unknown, url: string, signal: AbortSignal): TransportError {
  const reason: unknown = signal.aborted ? signal.reason : error;
  if (reason instanceof DOMException && reason.name === "TimeoutError") {
    return new TransportError("timeout", `no response from ${redactUrl(url)} before the timeout`, {
      cause: error,
    });
  }
  if (signal.aborted) {
    return new TransportError("closed", `request to ${redactUrl(url)} was aborted`, {
      cause: error,
    });
  }
  const layered = classifyFetchError(error, url);
  return new TransportError("network", layered.message, { layer: layered.layer, cause: error });
}

/** Build request headers: defaults, then the target's, then per-message ones (case-insensitive). */
export function buildHeaders(
  ...layers: ReadonlyArray<Readonly<Record<string, string>> | undefined>
): Headers {
  const headers = new Headers();
  for (const layer of layers) {
    if (!layer) continue;
    for (const [name, value] of Object.entries(layer)) headers.set(name, value);
  }
  return headers;
}

/** Read and drop a body so the connection is released (errors ignored). */
export async function discardBody(response: Response): Promise<void> {
  try {
    await response.body?.cancel();
  } catch {
    // Nothing to release.
  }
}
