/** @module The MCP revisions table: every dated revision and what differs between them. Nothing else hard-codes a version string. */

/** A dated MCP revision identifier. */
export type Revision =
  | "2024-11-05"
  | "2025-03-26"
  | "2025-06-18"
  | "2025-11-25"
  | "2026-07-28";

/** How a session starts under a revision. */
export type Lifecycle = "initialize" | "stateless";

/** What a revision requires, as data. */
export interface RevisionInfo {
  /** The revision's date (`2025-06-18`). */
  readonly id: Revision;
  /** `initialize` + `notifications/initialized`, or the 2026 per-request `_meta` lifecycle. */
  readonly lifecycle: Lifecycle;
  /** Error code for resources/read of a missing resource. */
  readonly resourceNotFoundCode: number;
  /** Whether JSON-RPC batches are part of this revision. */
  readonly batching: boolean;
  /** Whether the HTTP client must send `MCP-Protocol-Version` after initialization. */
  readonly protocolVersionHeader: boolean;
  /** Whether `ping` exists. */
  readonly ping: boolean;
  /** Whether `logging/setLevel` exists. */
  readonly loggingSetLevel: boolean;
  /** Whether Streamable HTTP sessions (`Mcp-Session-Id`) exist. */
  readonly httpSessions: boolean;
  /** Whether HTTP requests carry `Mcp-Method` / `Mcp-Name` (SEP-2243). */
  readonly methodHeaders: boolean;
  /** Error codes introduced by the revision (name -> code). */
  readonly errorCodes: Readonly<Record<string, number>>;
  /** Capabilities deprecated in this revision. */
  readonly deprecatedCapabilities: readonly string[];
  /** The default HTTP transport a client uses. */
  readonly httpTransport: "sse" | "streamable-http";
}

const STANDARD_ERRORS = {
  ParseError: -32700,
  InvalidRequest: -32600,
  MethodNotFound: -32601,
  InvalidParams: -32602,
  InternalError: -32603,
} as const;

/** Every dated revision, oldest first. */
export const REVISIONS: readonly RevisionInfo[] = [
  {
    id: "2024-11-05",
    lifecycle: "initialize",
    resourceNotFoundCode: -32002,
    batching: false,
    protocolVersionHeader: false,
    ping: true,
    loggingSetLevel: true,
    httpSessions: false,
    methodHeaders: false,
    errorCodes: { ...STANDARD_ERRORS, ResourceNotFound: -32002 },
    deprecatedCapabilities: [],
    httpTransport: "sse",
  },
  {
    id: "2025-03-26",
    lifecycle: "initialize",
    resourceNotFoundCode: -32002,
    batching: true,
    protocolVersionHeader: false,
    ping: true,
    loggingSetLevel: true,
    httpSessions: true,
    methodHeaders: false,
    errorCodes: { ...STANDARD_ERRORS, ResourceNotFound: -32002 },
    deprecatedCapabilities: [],
    httpTransport: "streamable-http",
  },
  {
    id: "2025-06-18",
    lifecycle: "initialize",
    resourceNotFoundCode: -32002,
    batching: false,
    protocolVersionHeader: true,
    ping: true,
    loggingSetLevel: true,
    httpSessions: true,
    methodHeaders: false,
    errorCodes: { ...STANDARD_ERRORS, ResourceNotFound: -32002 },
    deprecatedCapabilities: [],
    httpTransport: "streamable-http",
  },
  {
    id: "2025-11-25",
    lifecycle: "initialize",
    resourceNotFoundCode: -32002,
    batching: false,
    protocolVersionHeader: true,
    ping: true,
    loggingSetLevel: true,
    httpSessions: true,
    methodHeaders: false,
    errorCodes: { ...STANDARD_ERRORS, ResourceNotFound: -32002, UrlElicitationRequired: -32042 },
    deprecatedCapabilities: [],
    httpTransport: "streamable-http",
  },
  {
    id: "2026-07-28",
    lifecycle: "stateless",
    resourceNotFoundCode: -32602,
    batching: false,
    protocolVersionHeader: true,
    ping: false,
    loggingSetLevel: false,
    httpSessions: false,
    methodHeaders: true,
    errorCodes: {
      ...STANDARD_ERRORS,
      HeaderMismatch: -32020,
      MissingRequiredClientCapability: -32021,
      UnsupportedProtocolVersion: -32022,
    },
    deprecatedCapabilities: ["roots", "sampling", "logging"],
    httpTransport: "streamable-http",
  },
];

/** The 2026-07-28 release-candidate numbering of the three new error codes (renumbered in the final). */
export const RC_ERROR_CODES: Readonly<Record<string, number>> = {
  HeaderMismatch: -32001,
  MissingRequiredClientCapability: -32003,
  UnsupportedProtocolVersion: -32004,
};

/** The legacy resource-not-found code (2024-11-05 .. 2025-11-25). */
export const LEGACY_RESOURCE_NOT_FOUND = -32002;

/** Revision ids, oldest first. */
export const REVISION_IDS: readonly Revision[] = REVISIONS.map((r) => r.id);

/** The latest dated revision. */
export const LATEST_REVISION: Revision = "2026-07-28";

/** The latest revision that still uses the initialize handshake. */
export const LATEST_INITIALIZE_REVISION: Revision = "2025-11-25";

/** Aliases accepted wherever a revision is named (`draft` equals 2026-07-28 today). */
const ALIASES: Readonly<Record<string, Revision>> = {
  "draft": "2026-07-28",
  "2026-07-28-rc": "2026-07-28",
};

/**
 * Resolve a revision name (`2025-06-18`, `v2025-06-18`, `draft`, `2026-07-28-rc`) to its info.
 * @returns the revision, or undefined for an unknown name
 */
export function findRevision(name: string): RevisionInfo | undefined {
  const bare = name.startsWith("v") ? name.slice(1) : name;
  const id = ALIASES[bare] ?? bare;
  return REVISIONS.find((r) => r.id === id);
}

/** Whether `a` is an older revision than `b`. */
export function isBefore(a: Revision, b: Revision): boolean {
  return REVISION_IDS.indexOf(a) < REVISION_IDS.indexOf(b);
}
