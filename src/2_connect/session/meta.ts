/** @module Per-revision request decoration: the 2026 `_meta` keys and the HTTP headers a revision requires. */

import type { RevisionInfo } from "../../0_base/protocol/revisions.ts";

/** `_meta` key of the protocol version (2026-07-28). */
export const META_PROTOCOL_VERSION = "io.modelcontextprotocol/protocolVersion";
/** `_meta` key of the client capabilities (2026-07-28). */
export const META_CLIENT_CAPABILITIES = "io.modelcontextprotocol/clientCapabilities";
/** `_meta` key of the client info (2026-07-28). */
export const META_CLIENT_INFO = "io.modelcontextprotocol/clientInfo";
/** Result `_meta` key of the server info (2026-07-28). */
export const META_SERVER_INFO = "io.modelcontextprotocol/serverInfo";

/** The client identity sent in `initialize` and in 2026 `_meta`. */
export interface ClientInfo {
  readonly name: string;
  readonly version: string;
}

/**
 * Params with the stateless-era `_meta` fields added. Fields the caller already put in
 * `params._meta` win, so a probe can send a deliberately wrong value.
 */
export function withStatelessMeta(
  params: Record<string, unknown> | undefined,
  revision: RevisionInfo,
  clientInfo: ClientInfo,
  capabilities: Record<string, unknown> = {},
): Record<string, unknown> {
  const given = params?._meta;
  const callerMeta = typeof given === "object" && given !== null
    ? given as Record<string, unknown>
    : {};
  return {
    ...params,
    _meta: {
      [META_PROTOCOL_VERSION]: revision.id,
      [META_CLIENT_CAPABILITIES]: { ...capabilities },
      [META_CLIENT_INFO]: { ...clientInfo },
      ...callerMeta,
    },
  };
}

/**
 * The HTTP headers a message carries under a revision: `MCP-Protocol-Version` when the revision
 * requires it (the message's `_meta` protocol version when it names one, else the revision), and (SEP-2243) `Mcp-Method` on every request plus `Mcp-Name` on tools/call,
 * resources/read and prompts/get. `revision` undefined (before the handshake) gives none.
 */
export function revisionHeaders(
  revision: RevisionInfo | undefined,
  method?: string,
  params?: Record<string, unknown>,
): Record<string, string> {
  const headers: Record<string, string> = {};
  if (!revision) return headers;
  if (revision.protocolVersionHeader) {
    // The header mirrors the message's own `_meta` version when it has one (a probe asking for an
    // unsupported version must not also look like a header mismatch).
    const meta = params?._meta as Record<string, unknown> | undefined;
    const asked = meta?.["io.modelcontextprotocol/protocolVersion"];
    headers["MCP-Protocol-Version"] = typeof asked === "string" ? asked : revision.id;
  }
  if (revision.methodHeaders && method !== undefined) {
    headers["Mcp-Method"] = method;
    const name = nameOf(method, params);
    if (name !== undefined) headers["Mcp-Name"] = encodeHeaderValue(name);
  }
  return headers;
}

function nameOf(method: string, params: Record<string, unknown> | undefined): string | undefined {
  const key = method === "resources/read"
    ? "uri"
    : method === "tools/call" || method === "prompts/get"
    ? "name"
    : undefined;
  if (key === undefined) return undefined;
  const value = params?.[key];
  return typeof value === "string" ? value : undefined;
}

/**
 * A header value as SEP-2243 sends it: printable ASCII (inner spaces allowed) as is; anything else
 * (non-ASCII, control characters, leading/trailing spaces, a value that looks like the sentinel)
 * as `=?base64?<base64 of the UTF-8 bytes>?=`.
 */
export function encodeHeaderValue(value: string): string {
  const plain = value === "" || /^[\x21-\x7e]([\x20-\x7e]*[\x21-\x7e])?$/.test(value);
  if (plain && !value.startsWith("=?base64?")) return value;
  const bytes = new TextEncoder().encode(value);
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return `=?base64?${btoa(binary)}?=`;
}
