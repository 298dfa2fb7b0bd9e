/** @module Helpers shared by the HTTP transports: fetch with layered errors and guarded redirects, HttpInfo, JSON-RPC body detection. */

import { classifyFetchError, redactUrl } from "./failure_layer.ts";
import { TransportError } from "./transport_error.ts";
import type { HttpInfo, HttpRedirect } from "./types.ts";
import { readCapped } from "../../0_base/util/read_capped.ts";
import { DEFAULT_MAX_MESSAGE_BYTES, messageCapMessage } from "./line_splitter.ts";

/** Default timeout of one HTTP exchange when the caller gives no signal. */
export const DEFAULT_HTTP_TIMEOUT_MS = 30_000;

/** Status + lower-cased headers of a response, and the redirects followed to reach it. */
export function httpInfoOf(
  response: Response,
  redirects: readonly HttpRedirect[] = [],
): HttpInfo {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name.toLowerCase()] = value;
  });
  return redirects.length === 0
    ? { status: response.status, headers }
    : { status: response.status, headers, redirects: [...redirects] };
}

/** Same-origin redirects followed for one request, at most. */
export const MAX_REDIRECTS = 5;

const REDIRECT_STATUSES: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);

/** A response reached through zero or more same-origin redirects. */
export interface Followed {
  readonly response: Response;
  /** The URL that answered (the last hop). */
  readonly url: string;
  /** The redirects followed, in order (URLs without userinfo). */
  readonly redirects: readonly HttpRedirect[];
}

/** `scheme://host[:port]` of a URL. */
export function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}

/**
 * fetch that never follows a redirect silently (`redirect: "manual"`). A redirect to the same
 * origin is followed (at most {@link MAX_REDIRECTS}; 303 turns into a GET without body, the others
 * keep method and body) and recorded; a redirect to another origin is refused before anything
 * (headers, `*_Env` credentials, the body) is sent there: a TransportError at the http layer
 * naming both origins. Network errors are thrown as they come (callers classify them).
 * @throws TransportError for a cross-origin redirect, a redirect without Location, or too many
 */
export async function fetchSameOrigin(
  url: string,
  init: RequestInit & { signal: AbortSignal },
): Promise<Followed> {
  const redirects: HttpRedirect[] = [];
  let current = url;
  let request: RequestInit = { ...init, redirect: "manual" };
  for (;;) {
    const response = await fetch(current, request);
    if (!REDIRECT_STATUSES.has(response.status)) return { response, url: current, redirects };
    await discardBody(response);
    const http = httpInfoOf(response, redirects);
    const location = response.headers.get("location");
    let next: URL;
    try {
      next = new URL(location ?? "", current);
    } catch {
      next = new URL("about:blank");
    }
    if (location === null || (next.protocol !== "http:" && next.protocol !== "https:")) {
      throw new TransportError(
        "http",
        `http ${response.status} from ${redactUrl(current)}: a redirect without a usable Location`,
        { http, layer: "http" },
      );
    }
    const target = redactUrl(next.href);
    if (next.origin !== originOf(current)) {
      throw new TransportError(
        "http",
        `http ${response.status} from ${redactUrl(current)}: redirect from ${
          originOf(current)
        } to another origin, ${next.origin}, refused (mcptest never sends a request or its headers to another origin; point the server url at ${target} if you trust it)`,
        { http, layer: "http" },
      );
    }
    if (redirects.length >= MAX_REDIRECTS) {
      throw new TransportError(
        "http",
        `http ${response.status} from ${redactUrl(current)}: more than ${MAX_REDIRECTS} redirects`,
        { http, layer: "http" },
      );
    }
    redirects.push({ status: response.status, from: redactUrl(current), to: target });
    if (response.status === 303 && request.method !== "GET" && request.method !== "HEAD") {
      const { body: _body, ...rest } = request;
      request = { ...rest, method: "GET" };
    }
    current = next.href;
  }
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

/**
 * A response body as text, refusing more than `maxBytes` (default 16 MiB): a TransportError at the
 * framing layer that names the cap and `max_message_bytes`.
 */
export async function readBodyCapped(
  response: Response,
  http: HttpInfo,
  maxBytes: number = DEFAULT_MAX_MESSAGE_BYTES,
): Promise<string> {
  const bytes = await readCapped(
    response.body,
    maxBytes,
    (max) =>
      new TransportError("http", messageCapMessage(max, "HTTP response body"), {
        http,
        layer: "framing",
      }),
  );
  return new TextDecoder().decode(bytes);
}

/** The request a set of credentials is for (DPoP binds its proof to these: `htm`, `htu`); the second argument of `RequestAuth.headers`. */
export interface AuthRequest {
  /** The HTTP method, upper-case (`POST`, `GET`, `DELETE`). */
  readonly method: string;
  /** The URL the request goes to. */
  readonly url: string;
}

/**
 * Credentials for the requests of one server (implemented by src/2_connect/auth/): the headers to send and
 * a refresh after a 401. One object is shared by every connection to the server in a run.
 */
export interface RequestAuth {
  /**
   * The credential headers to add now (may obtain a token first; never logged). `request` is the
   * request they go with ({@link fetchAuthorized} always passes it; an implementation that binds
   * credentials to the request, as DPoP does, needs it).
   */
  headers(
    signal: AbortSignal,
    request?: { readonly method: string; readonly url: string },
  ): Promise<Record<string, string>>;
  /**
   * After a 401 to a request sent with `used`: refresh the credentials (once, shared by concurrent
   * callers) so the request can be retried. `response` holds the 401's headers (a `DPoP-Nonce`,
   * say). Throws an Error whose message says why it failed.
   */
  refresh(
    used: Record<string, string>,
    challenge: string | null,
    signal: AbortSignal,
    response?: Headers,
  ): Promise<void>;
  /** Sees the headers of every response, 401s included (a DPoP client keeps the latest nonce). */
  observe?(response: Headers): void;
}

/**
 * {@link fetchSameOrigin} with credentials: adds `auth`'s headers (for this request's method and
 * URL), and on a 401 refreshes them once and retries; a second 401 is a TransportError at the auth
 * layer, "auth still failed after refresh". Every response's headers go to `auth.observe`. Without
 * `auth`, a plain fetchSameOrigin.
 */
export async function fetchAuthorized(
  url: string,
  init: RequestInit & { signal: AbortSignal; headers: Headers },
  auth: RequestAuth | undefined,
): Promise<Followed> {
  if (!auth) return await fetchSameOrigin(url, init);
  const request: AuthRequest = { method: (init.method ?? "GET").toUpperCase(), url };
  const used = await authHeaders(auth, request, init.signal);
  const first = await fetchSameOrigin(url, withAuth(init, used));
  auth.observe?.(first.response.headers);
  if (first.response.status !== 401) return first;
  await discardBody(first.response);
  try {
    await auth.refresh(
      used,
      first.response.headers.get("www-authenticate"),
      init.signal,
      first.response.headers,
    );
  } catch (error) {
    if (init.signal.aborted) throw error;
    throw new TransportError(
      "http",
      `http 401 from ${redactUrl(url)}: auth still failed after refresh: ${errorText(error)}`,
      { http: httpInfoOf(first.response, first.redirects), layer: "auth" },
    );
  }
  const again = await fetchSameOrigin(
    url,
    withAuth(init, await authHeaders(auth, request, init.signal)),
  );
  auth.observe?.(again.response.headers);
  if (again.response.status !== 401) return again;
  await discardBody(again.response);
  throw new TransportError(
    "http",
    `http 401 from ${redactUrl(url)}: auth still failed after refresh`,
    {
      http: httpInfoOf(again.response, again.redirects),
      layer: "auth",
    },
  );
}

async function authHeaders(
  auth: RequestAuth,
  request: AuthRequest,
  signal: AbortSignal,
): Promise<Record<string, string>> {
  try {
    return await auth.headers(signal, request);
  } catch (error) {
    if (signal.aborted) throw error;
    throw new TransportError(
      "http",
      `authentication to ${redactUrl(request.url)} failed: ${errorText(error)}`,
      { layer: "auth" },
    );
  }
}

function withAuth(
  init: RequestInit & { signal: AbortSignal; headers: Headers },
  credentials: Record<string, string>,
): RequestInit & { signal: AbortSignal } {
  const headers = new Headers(init.headers);
  for (const [name, value] of Object.entries(credentials)) headers.set(name, value);
  return { ...init, headers };
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
