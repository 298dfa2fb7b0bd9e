/** @module One line about a server's credentials for doctor's auth layer: documents found, token audience, expiry, scopes; never a token. */

import type { AuthDescription } from "./server_auth.ts";

/**
 * What doctor shows about working credentials, e.g. `oauth client_credentials: resource metadata
 * <url>; authorization server <issuer> (RFC 8414 metadata); client mcptest-ci; token obtained:
 * audience <aud>, scopes mcp, expires in 60 s`. Names of headers and variables may appear; values
 * never do.
 */
export function describeAuth(
  description: AuthDescription,
  grant?: string,
  now: number = Date.now(),
): string {
  const parts: string[] = [];
  const found = description.discovered;
  if (found) {
    if (found.resourceMetadataUrl) parts.push(`resource metadata ${found.resourceMetadataUrl}`);
    const kind = found.asMetadata === "oauth-authorization-server"
      ? "RFC 8414 metadata"
      : "OpenID configuration";
    parts.push(`authorization server ${found.as.issuer} (${kind})`);
    parts.push(`resource ${found.resource}`);
  }
  if (description.client) {
    parts.push(
      `client ${description.client.clientId}${
        description.client.registered ? " (registered dynamically)" : ""
      }`,
    );
  }
  const tokens = description.tokens;
  if (tokens) {
    const facts: string[] = [];
    if (tokens.audience !== undefined) {
      const aud = typeof tokens.audience === "string"
        ? tokens.audience
        : tokens.audience.join(", ");
      facts.push(`audience ${aud}`);
    }
    facts.push(tokens.scope !== undefined ? `scopes ${tokens.scope}` : "scopes not stated");
    facts.push(
      tokens.expiresAt !== undefined
        ? `expires in ${Math.max(0, Math.round((tokens.expiresAt - now) / 1000))} s`
        : "no expiry stated",
    );
    parts.push(`token obtained: ${facts.join(", ")}`);
  }
  if (description.refreshes > 0) {
    parts.push(
      `refreshed ${
        description.refreshes === 1 ? "once" : `${description.refreshes} times`
      } after a 401`,
    );
  }
  const head = description.kind === "oauth"
    ? `oauth${grant ? ` ${grant}` : ""} token accepted`
    : description.kind === "bearer"
    ? "bearer token accepted"
    : "credential headers accepted";
  return parts.length === 0 ? head : `${head}: ${parts.join("; ")}`;
}
