/** @module Protocol eras: the versions the server speaks and the 2026-07-28 `_meta` keys. */

/** "dual": initialize-era and 2026-07-28 stateless requests; "legacy": initialize only. */
export type Era = "dual" | "legacy";

/** Every era name, for flag validation and messages. */
export const ERAS: readonly Era[] = ["dual", "legacy"];

/** The stateless revision: no initialize, every request carries `_meta`. */
export const STATELESS_VERSION = "2026-07-28";

/** The initialize-era revisions the SDK negotiates, newest first. */
export const INITIALIZE_VERSIONS: readonly string[] = [
  "2025-11-25",
  "2025-06-18",
  "2025-03-26",
  "2024-11-05",
];

/** What `server/discover` lists (dual era). */
export const SUPPORTED_VERSIONS: readonly string[] = [STATELESS_VERSION, ...INITIALIZE_VERSIONS];

/** Request `_meta` key: the protocol version of a stateless request. */
export const META_PROTOCOL_VERSION = "io.modelcontextprotocol/protocolVersion";
/** Request `_meta` key: the client capabilities of a stateless request. */
export const META_CLIENT_CAPABILITIES = "io.modelcontextprotocol/clientCapabilities";
/** Result `_meta` key: the server identity. */
export const META_SERVER_INFO = "io.modelcontextprotocol/serverInfo";

/** The server identity, in `initialize` results and in 2026 result `_meta`. */
export const SERVER_INFO = { name: "mcptest-items", version: "1.0.0" } as const;

/** Instructions sent by `initialize` and `server/discover`. */
export const INSTRUCTIONS =
  "Example items server for mcptest: create, get and search items; read items://{id}.";

/** Cache hints (SEP-2549) of 2026 results: seconds of freshness and who may share them. */
export const CACHE_HINTS = {
  static: { ttlMs: 60_000, cacheScope: "public" },
  items: { ttlMs: 0, cacheScope: "public" },
} as const;

/** The `_meta` of a request's params, when it is an object. */
export function requestMeta(params: unknown): Record<string, unknown> | undefined {
  if (typeof params !== "object" || params === null) return undefined;
  const meta = (params as Record<string, unknown>)._meta;
  return typeof meta === "object" && meta !== null && !Array.isArray(meta)
    ? meta as Record<string, unknown>
    : undefined;
}
