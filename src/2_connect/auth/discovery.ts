/** @module OAuth discovery for an MCP server: RFC 9728 protected resource metadata, RFC 8414 / OpenID authorization server metadata. */

import * as oauth from "oauth4webapi";
import { resourceMetadataOf } from "./challenges.ts";
import type { OAuthConfig } from "../transport/auth_config.ts";

/** Default timeout of one discovery or token request. */
export const AUTH_TIMEOUT_MS = 15_000;

/** What discovery found (no secret in it). */
export interface Discovered {
  /** The protected resource metadata URL that answered, when one did. */
  readonly resourceMetadataUrl?: string;
  /** The resource indicator sent with token requests (RFC 8707). */
  readonly resource: string;
  /** Scopes the resource says it supports, when it says. */
  readonly scopesSupported?: readonly string[];
  /** The authorization server metadata. */
  readonly as: oauth.AuthorizationServer;
  /** Which metadata document described it: RFC 8414 or OpenID Connect discovery. */
  readonly asMetadata: "oauth-authorization-server" | "openid-configuration";
}

/** Whether a URL's host is a loopback address: 127.0.0.0/8, ::1 or localhost. */
export function isLoopbackUrl(url: string): boolean {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return false;
  }
  if (host === "localhost" || host.endsWith(".localhost")) return true;
  if (host === "[::1]" || host === "::1") return true;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/**
 * Refuse to talk to an authorization endpoint over plain http unless it is on loopback: client
 * secrets, codes and refresh tokens go there.
 * @throws Error naming the URL and the rule
 */
export function assertSecureEndpoint(url: string, what: string): void {
  let protocol: string;
  try {
    protocol = new URL(url).protocol;
  } catch {
    throw new Error(`${what} ${JSON.stringify(url)} is not a URL`);
  }
  if (protocol === "https:" || (protocol === "http:" && isLoopbackUrl(url))) return;
  throw new Error(
    `refusing ${what} ${url}: authorization requests need https (plain http only on loopback: ` +
      "127.0.0.0/8, ::1, localhost)",
  );
}

/** Options of oauth4webapi requests: plain http:// only on loopback (see {@link assertSecureEndpoint}). */
export function requestOptions(
  url: string,
  what = "authorization endpoint",
): { signal: AbortSignal; [oauth.allowInsecureRequests]?: boolean } {
  assertSecureEndpoint(url, what);
  return {
    signal: AbortSignal.timeout(AUTH_TIMEOUT_MS),
    ...(url.startsWith("http:") ? { [oauth.allowInsecureRequests]: true } : {}),
  };
}

/**
 * Discover the authorization server of `serverUrl`: the configured issuer, else the protected
 * resource metadata (from the 401 challenge's `resource_metadata`, else the well-known URL of the
 * server), then its authorization server metadata (RFC 8414 first, then OpenID discovery).
 * @throws Error saying which document could not be read
 */
export async function discover(
  config: OAuthConfig,
  serverUrl: string,
  challenge: string | null,
): Promise<Discovered> {
  let resource = config.resource ?? serverUrl;
  let issuer = config.authorizationServer;
  let resourceMetadataUrl: string | undefined;
  let scopesSupported: readonly string[] | undefined;
  if (issuer === undefined) {
    const found = await protectedResource(resource, resourceMetadataOf(challenge));
    resourceMetadataUrl = found.url;
    const servers = found.metadata.authorization_servers ?? [];
    issuer = servers[0];
    if (issuer === undefined) {
      throw new Error(`protected resource metadata at ${found.url} names no authorization_servers`);
    }
    if (config.resource === undefined) resource = found.metadata.resource;
    if (Array.isArray(found.metadata.scopes_supported)) {
      scopesSupported = found.metadata.scopes_supported;
    }
  }
  const { as, kind } = await authorizationServer(issuer);
  return {
    ...(resourceMetadataUrl !== undefined ? { resourceMetadataUrl } : {}),
    resource,
    ...(scopesSupported !== undefined ? { scopesSupported } : {}),
    as,
    asMetadata: kind,
  };
}

async function protectedResource(
  resource: string,
  fromChallenge: string | undefined,
): Promise<{ url: string; metadata: oauth.ResourceServer }> {
  const expected = new URL(resource);
  const wellKnown = wellKnownOf(expected);
  const url = fromChallenge ?? wellKnown;
  assertSameOrigin(url, resource);
  assertSecureEndpoint(url, "protected resource metadata");
  let response: Response;
  try {
    response = url === wellKnown
      ? await oauth.resourceDiscoveryRequest(expected, requestOptions(url))
      : await fetch(url, {
        headers: { accept: "application/json" },
        signal: AbortSignal.timeout(AUTH_TIMEOUT_MS),
        redirect: "manual",
      });
  } catch (error) {
    throw new Error(`protected resource metadata ${url} could not be fetched: ${text(error)}`);
  }
  try {
    return { url, metadata: await oauth.processResourceDiscoveryResponse(expected, response) };
  } catch (error) {
    await response.body?.cancel().catch(() => {});
    throw new Error(
      `protected resource metadata ${url} (http ${response.status}) was refused: ${text(error)}`,
    );
  }
}

/**
 * The protected resource metadata a 401 points at must be on the server's own origin: a server
 * (or whatever answers in its place) must not send mcptest, and the credentials that follow, to a
 * third origin.
 */
function assertSameOrigin(metadataUrl: string, resource: string): void {
  let a: string;
  let b: string;
  try {
    a = new URL(metadataUrl).origin;
    b = new URL(resource).origin;
  } catch {
    throw new Error(`protected resource metadata ${JSON.stringify(metadataUrl)} is not a URL`);
  }
  if (a === b) return;
  throw new Error(
    `refusing the protected resource metadata at ${metadataUrl}: it is not on the server's origin ` +
      `(${b}); nothing was sent there`,
  );
}

/** `/.well-known/oauth-protected-resource` inserted before the resource's path (RFC 9728 3.1). */
function wellKnownOf(resource: URL): string {
  const path = resource.pathname === "/" ? "" : resource.pathname;
  return `${resource.origin}/.well-known/oauth-protected-resource${path}`;
}

async function authorizationServer(
  issuer: string,
): Promise<{ as: oauth.AuthorizationServer; kind: Discovered["asMetadata"] }> {
  let issuerUrl: URL;
  try {
    issuerUrl = new URL(issuer);
  } catch {
    throw new Error(`authorization server ${JSON.stringify(issuer)} is not a URL`);
  }
  const problems: string[] = [];
  for (const algorithm of ["oauth2", "oidc"] as const) {
    try {
      const response = await oauth.discoveryRequest(issuerUrl, {
        ...requestOptions(issuer, "authorization server"),
        algorithm,
      });
      const as = await oauth.processDiscoveryResponse(issuerUrl, response);
      return {
        as,
        kind: algorithm === "oauth2" ? "oauth-authorization-server" : "openid-configuration",
      };
    } catch (error) {
      problems.push(`${algorithm === "oauth2" ? "RFC 8414" : "OpenID"}: ${text(error)}`);
    }
  }
  throw new Error(`no authorization server metadata for ${issuer} (${problems.join("; ")})`);
}

function text(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
