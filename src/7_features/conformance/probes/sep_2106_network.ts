/** @module SEP-2106 `sep-2106-no-network-ref-deref`: reported not-verified, with the reason, because no client can observe it on a server. */

import { notVerified, type ProbeSet } from "./probe_types.ts";

/**
 * Why the requirement cannot be decided from outside the server: it binds whatever validates
 * against a schema. A server validates only the schemas it publishes itself (MCP gives a client
 * no way to hand a server a schema to validate against), and whether its validator fetches a
 * network `$ref` is an outbound request to a host the server chose, which no client sees. The
 * part a client can see, published schemas with network `$ref`s, is `sep-2106-local-refs-only`.
 */
export const NETWORK_REF_REASON = "not observable from outside the server: a server validates " +
  "only the schemas it publishes, and a fetch of a network $ref by its validator goes to a host " +
  "the server chose, not to mcptest (sep-2106-local-refs-only judges the published $refs)";

/** Check id -> probe. */
export const sep2106Network: ProbeSet = {
  probes: {
    "sep-2106-no-network-ref-deref": () => Promise.resolve(notVerified(NETWORK_REF_REASON)),
  },
};
