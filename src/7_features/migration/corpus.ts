/**
 * @module The migration corpus: every breaking change from the legacy revisions to the migration
 * target, as embedded data (no file is read at run time). Codes and names come from the revisions
 * table; the order here is the order of the doctor rows.
 */

import { LEGACY_CODE, MIGRATION_TARGET, RC_RENUMBERING, TARGET_RESOURCE_CODE } from "./target.ts";
import type { MigrationEntry } from "./types.ts";

const T = MIGRATION_TARGET.id;
const UNSUPPORTED = MIGRATION_TARGET.errorCodes.UnsupportedProtocolVersion;

/** The corpus, in doctor-row order. */
export const MIGRATION_CORPUS: readonly MigrationEntry[] = [
  {
    id: "legacy-error-code",
    category: "error-code",
    title: "missing-resource error code",
    source: T,
    legacy: `resources/read of an unknown uri answered ${LEGACY_CODE} (resource not found)`,
    guidance:
      `${T} answers a missing resource with ${TARGET_RESOURCE_CODE} (Invalid Params); replace ${LEGACY_CODE} with ${TARGET_RESOURCE_CODE}`,
    detection: ["live", "static"],
    safeRewrite: true,
    reference: "SEP-2164",
    pattern: {
      codes: [{ code: LEGACY_CODE, replacement: TARGET_RESOURCE_CODE }],
      codeContext: "anywhere",
    },
  },
  {
    id: "missing-resource-empty-contents",
    category: "error-code",
    title: "no empty contents for a missing resource",
    source: T,
    legacy: "some servers answered a missing resource with an empty contents array",
    guidance:
      `${T} forbids an empty contents array for a missing resource: answer error ${TARGET_RESOURCE_CODE}`,
    detection: ["live"],
    safeRewrite: false,
    reference: "SEP-2164",
  },
  {
    id: "rc-error-codes",
    category: "error-code",
    title: "final numbering of the new error codes",
    source: `${T} (renumbered after the RC)`,
    legacy: `the ${T} RC numbered the new errors ${RC_RENUMBERING.map((r) => r.code).join("/")}`,
    guidance: `the final ${T} numbers them ${
      RC_RENUMBERING.map((r) => `${r.name} ${r.replacement}`).join(", ")
    }; use the final codes (the RC numbers overlap implementation-defined codes, so review each one)`,
    detection: ["live", "static"],
    safeRewrite: false,
    reference: `${T} changelog`,
    pattern: {
      codes: RC_RENUMBERING.map((r) => ({ code: r.code, replacement: r.replacement })),
      codeContext: "error-code",
    },
  },
  {
    id: "stateless-lifecycle",
    category: "lifecycle",
    title: "stateless lifecycle (server/discover, per-request _meta)",
    source: T,
    legacy: "initialize + notifications/initialized opened a stateful session",
    guidance:
      `${T} has no initialize handshake: implement server/discover and serve requests that carry _meta io.modelcontextprotocol/protocolVersion`,
    detection: ["live"],
    safeRewrite: false,
    reference: "SEP-2575",
  },
  {
    id: "ping-removed",
    category: "removed-method",
    title: "ping removed",
    source: T,
    legacy: "ping checked liveness in both directions",
    guidance:
      `ping is removed in ${T}: drop the call (any answered request shows liveness) and never send ping from the server`,
    detection: ["live", "static"],
    safeRewrite: false,
    reference: "SEP-2575",
    pattern: { methods: ["ping"] },
  },
  {
    id: "logging-set-level-removed",
    category: "removed-method",
    title: "logging/setLevel removed",
    source: T,
    legacy: "logging/setLevel set the server's log level for the session",
    guidance:
      `logging/setLevel is removed in ${T}: send the level as _meta io.modelcontextprotocol/logLevel on each request`,
    detection: ["live", "static"],
    safeRewrite: false,
    reference: "SEP-2577",
    pattern: { methods: ["logging/setLevel"] },
  },
  {
    id: "roots-deprecated",
    category: "deprecated-capability",
    title: "roots deprecated",
    source: T,
    legacy: "servers asked the client for roots/list",
    guidance:
      `roots is deprecated in ${T}: take paths as tool parameters, resource URIs or server configuration`,
    detection: ["live", "static"],
    safeRewrite: false,
    reference: "SEP-2577",
    pattern: {
      methods: ["roots/list", "notifications/roots/list_changed"],
      capabilities: ["roots"],
    },
  },
  {
    id: "sampling-deprecated",
    category: "deprecated-capability",
    title: "sampling deprecated",
    source: T,
    legacy: "servers asked the client's model through sampling/createMessage",
    guidance: `sampling is deprecated in ${T}: call the LLM provider directly from the server`,
    detection: ["live", "static"],
    safeRewrite: false,
    reference: "SEP-2577",
    pattern: { methods: ["sampling/createMessage"], capabilities: ["sampling"] },
  },
  {
    id: "logging-deprecated",
    category: "deprecated-capability",
    title: "logging deprecated",
    source: T,
    legacy: "servers advertised logging and sent notifications/message",
    guidance:
      `logging is deprecated in ${T}: log to stderr (stdio) or OpenTelemetry instead of notifications/message`,
    detection: ["live", "static"],
    safeRewrite: false,
    reference: "SEP-2577",
    pattern: { methods: ["notifications/message"], capabilities: ["logging"] },
  },
  {
    id: "server-initiated-requests",
    category: "server-requests",
    title: "no server-initiated requests",
    source: T,
    legacy: "servers sent requests (roots, sampling, elicitation) to the client mid-session",
    guidance:
      `${T} servers send no requests: return an InputRequiredResult and let the client retry (MRTR)`,
    detection: ["live"],
    safeRewrite: false,
    reference: "SEP-2322",
  },
  {
    id: "resources-subscribe-replaced",
    category: "removed-method",
    title: "resources/subscribe replaced",
    source: T,
    legacy: "resources/subscribe and resources/unsubscribe tracked updates per session",
    guidance: `${T} replaces resources/subscribe and /unsubscribe with subscriptions/listen`,
    detection: ["static"],
    safeRewrite: false,
    reference: "SEP-2575",
    pattern: { methods: ["resources/subscribe", "resources/unsubscribe"] },
  },
  {
    id: "elicitation-complete-removed",
    category: "removed-method",
    title: "notifications/elicitation/complete removed",
    source: `${T} (removed after the RC)`,
    legacy: "URL elicitation ended with notifications/elicitation/complete and an elicitationId",
    guidance:
      `notifications/elicitation/complete and elicitationId are gone in the final ${T}: the retried request carries the input response`,
    detection: ["static"],
    safeRewrite: false,
    reference: `${T} changelog`,
    pattern: { methods: ["notifications/elicitation/complete"] },
  },
  {
    id: "http-sessions-removed",
    category: "transport",
    title: "no HTTP sessions",
    source: T,
    legacy: "Streamable HTTP used Mcp-Session-Id, GET streams, DELETE and resumption",
    guidance:
      `${T} HTTP is POST only with no sessions: drop Mcp-Session-Id handling; an unsupported version answers ${UNSUPPORTED}`,
    detection: ["live"],
    safeRewrite: false,
    reference: "SEP-2575",
  },
];

/** The corpus entry with `id`. */
export function migrationEntry(id: string): MigrationEntry | undefined {
  return MIGRATION_CORPUS.find((entry) => entry.id === id);
}
