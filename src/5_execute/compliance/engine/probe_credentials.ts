/** @module The credentials an http probe may send: the server's `auth:` headers and the `{{access_token…}}` values (variants of its bearer token, a token for another audience from its authorization server; never stored in a result). */

import { clientCredentialsForResource, discover } from "../../../2_connect/auth/oauth_later.ts";
import type { AuthRegistry } from "../../../2_connect/auth/registry.ts";
import type { ServerAuth } from "../../../2_connect/auth/server_auth.ts";
import type { RevisionInfo } from "../../../0_base/protocol/revisions.ts";
import type { Session } from "../../../2_connect/session/types.ts";
import type { ServerTarget } from "../../../2_connect/transport/target.ts";
import type { RuleProbe } from "../../../3_load/compliance_corpus/types.ts";
import {
  type ProbeCredentials,
  runHttpProbe,
  TOKEN_PLACEHOLDERS,
  type TokenPlaceholder,
} from "./http_probe.ts";

export { type ProbeCredentials, TOKEN_PLACEHOLDERS, type TokenPlaceholder };

/** The token placeholders `value` mentions (deeply, in any string). */
export function tokenPlaceholdersIn(value: unknown): TokenPlaceholder[] {
  const text = JSON.stringify(value) ?? "";
  return TOKEN_PLACEHOLDERS.filter((name) => text.includes(`{{${name}}}`));
}

/** Whether a header map carries an `Authorization` entry (any case). */
export function hasAuthorization(headers: Readonly<Record<string, string>> | undefined): boolean {
  return Object.keys(headers ?? {}).some((name) => name.toLowerCase() === "authorization");
}

/**
 * Whether a server is configured to send an `Authorization` header: in its headers, or through an
 * `auth:` block (bearer, OAuth, or custom headers naming `Authorization`).
 */
export function sendsAuthorization(target: ServerTarget): boolean {
  if (target.kind !== "http") return false;
  const auth = target.auth;
  return hasAuthorization(target.headers) || auth?.kind === "bearer" || auth?.kind === "oauth" ||
    auth?.kind === "headers" && auth.headers.some((h) => h.name.toLowerCase() === "authorization");
}

/** The token of an `Authorization: Bearer <token>` entry, if there is one. */
export function bearerToken(headers: Readonly<Record<string, string>>): string | undefined {
  for (const [name, value] of Object.entries(headers)) {
    if (name.toLowerCase() !== "authorization") continue;
    const token = /^Bearer\s+(\S+)\s*$/i.exec(value)?.[1];
    if (token !== undefined) return token;
  }
  return undefined;
}

function fromBase64Url(text: string): Uint8Array | undefined {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return undefined;
  const b64 = text.replace(/-/g, "+").replace(/_/g, "/");
  try {
    return Uint8Array.from(
      atob(b64 + "=".repeat((4 - b64.length % 4) % 4)),
      (c) => c.charCodeAt(0),
    );
  } catch {
    return undefined;
  }
}

function toBase64Url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(
    /=+$/,
    "",
  );
}

/** The claims of a JWT (decoded, not verified), or undefined for an opaque token. */
function jwtClaims(token: string): Record<string, unknown> | undefined {
  if (jwsHeader(token) === undefined) return undefined;
  try {
    const claims = JSON.parse(
      new TextDecoder().decode(fromBase64Url(token.split(".")[1]!)),
    ) as unknown;
    return claims !== null && typeof claims === "object" && !Array.isArray(claims)
      ? claims as Record<string, unknown>
      : undefined;
  } catch {
    return undefined;
  }
}

/** The `aud` claim of a JWT as a list (empty when absent or not a JWT). */
function audiences(token: string): string[] {
  const aud = jwtClaims(token)?.aud;
  if (typeof aud === "string") return [aud];
  return Array.isArray(aud) ? aud.filter((a): a is string => typeof a === "string") : [];
}

/** The resource mcptest asks a token for in AUTH-011: a sibling path on the resource's origin. */
export function otherResourceOf(resource: string): string {
  return new URL("/mcptest-other-audience", resource).href;
}

/**
 * A token for another audience (AUTH-011): the server's OAuth client asks its authorization server,
 * with the client credentials grant, for a token for {@link otherResourceOf} the server's resource.
 * Kept only when it is a JWT whose `aud` names neither the server's resource nor anything the run's
 * token names (else the authorization server ignored the resource indicator and the probe would
 * prove nothing); otherwise the rule is skipped with the reason.
 */
export async function otherAudienceToken(
  target: Extract<ServerTarget, { kind: "http" }>,
  state: ServerAuth | undefined,
  token: string,
): Promise<{ token: string } | { skip: string }> {
  const config = target.auth;
  if (config?.kind !== "oauth" || state === undefined) {
    return {
      skip: "the server's credentials are not OAuth: there is no authorization server to ask " +
        "for a token for another audience",
    };
  }
  if (config.grant !== "client_credentials") {
    return {
      skip: `the server's OAuth grant is ${config.grant}: only the client credentials grant ` +
        "asks for a token for another resource (a refresh token is bound to the resources " +
        "granted, and spending it could rotate the run's token)",
    };
  }
  if (config.clientId === undefined) {
    return {
      skip: "the OAuth client was registered dynamically for this run: mcptest does not " +
        "register a second client to ask for a token for another audience",
    };
  }
  let found = state.describe().discovered;
  try {
    found ??= await discover(config, target.url, null);
  } catch (error) {
    return { skip: `the authorization server could not be discovered: ${message(error)}` };
  }
  const other = otherResourceOf(found.resource);
  let issued: string;
  try {
    const client = {
      clientId: config.clientId,
      ...(config.clientSecret !== undefined ? { clientSecret: config.clientSecret } : {}),
      registered: false,
    };
    issued = (await clientCredentialsForResource(config, found, client, other)).accessToken;
  } catch (error) {
    return {
      skip: `the authorization server did not issue a token for another resource (${other}): ${
        message(error)
      }`,
    };
  }
  const aud = audiences(issued);
  if (aud.length === 0) {
    return {
      skip: `the token issued for ${other} is not a JWT with an aud claim: mcptest cannot ` +
        "confirm the authorization server bound it to that resource",
    };
  }
  const own = new Set([found.resource, target.url, ...audiences(token)]);
  if (aud.some((a) => own.has(a))) {
    return {
      skip:
        `the authorization server ignored the resource indicator: the token issued for ${other} ` +
        "names the server's own audience",
    };
  }
  return { token: issued };
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The header of a signed JWS compact token (`header.payload.signature`), or undefined. */
function jwsHeader(token: string): Record<string, unknown> | undefined {
  const parts = token.split(".");
  if (parts.length !== 3 || parts[2] === "") return undefined;
  const bytes = fromBase64Url(parts[0]!);
  if (bytes === undefined || fromBase64Url(parts[1]!) === undefined) return undefined;
  try {
    const header = JSON.parse(new TextDecoder().decode(bytes)) as unknown;
    if (header === null || typeof header !== "object" || Array.isArray(header)) return undefined;
    const alg = (header as Record<string, unknown>).alg;
    return typeof alg === "string" && alg.toLowerCase() !== "none"
      ? header as Record<string, unknown>
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The token placeholders' values for `token`. The JWT variants exist only for a signed JWT: the
 * altered signature flips every bit of the signature's first byte (a change the decoder cannot
 * ignore, unlike a last base64url character's padding bits); `alg: none` keeps the payload, sets
 * the header's `alg` to `none` and drops the signature.
 */
export function tokenVariants(token: string): Partial<Record<TokenPlaceholder, string>> {
  const header = jwsHeader(token);
  if (header === undefined) return { access_token: token };
  const [head, payload, signature] = token.split(".") as [string, string, string];
  const bytes = fromBase64Url(signature)!;
  bytes[0] = bytes[0]! ^ 0xff;
  const none = toBase64Url(new TextEncoder().encode(JSON.stringify({ ...header, alg: "none" })));
  return {
    access_token: token,
    access_token_altered_signature: `${head}.${payload}.${toBase64Url(bytes)}`,
    access_token_alg_none: `${none}.${payload}.`,
  };
}

/** The credentials of a probe, or why the rule cannot be judged (skip) or run (failure). */
export type CredentialsOutcome =
  | { readonly credentials: ProbeCredentials }
  | { readonly skip: string }
  | { readonly failure: string };

/**
 * The credentials an http probe of `session`'s server sends: the current headers of its `auth:`
 * block (from `auth`, the run's registry, so the same token is used) and the token placeholders
 * `needed` names. A placeholder without a value skips the rule with the reason.
 */
export async function probeCredentials(
  session: Session,
  auth: AuthRegistry,
  needed: readonly TokenPlaceholder[],
  timeoutMs: number,
): Promise<CredentialsOutcome> {
  const target = session.server.target;
  if (target.kind !== "http") return { credentials: { headers: {}, tokens: {} } };
  let headers: Record<string, string> = {};
  const state = auth.forServer(session.server.key, target);
  if (state !== undefined) {
    try {
      headers = await state.headers(AbortSignal.timeout(timeoutMs));
    } catch (error) {
      return {
        failure: `could not obtain the server's credentials: ${
          error instanceof Error ? error.message : String(error)
        }`,
      };
    }
  }
  const token = bearerToken(headers) ?? bearerToken(target.headers ?? {});
  const tokens: Partial<Record<TokenPlaceholder, string>> = token === undefined
    ? {}
    : tokenVariants(token);
  if (needed.length > 0 && token === undefined) {
    return { skip: "the server's credentials carry no bearer token (Authorization: Bearer)" };
  }
  if (token !== undefined && needed.includes("access_token_other_audience")) {
    const other = await otherAudienceToken(target, state, token);
    if ("skip" in other) return other;
    tokens.access_token_other_audience = other.token;
  }
  if (needed.some((name) => tokens[name] === undefined)) {
    return {
      skip: "the access token is not a signed JWT (an opaque token): " +
        "there is no signature to alter or algorithm to replace",
    };
  }
  return { credentials: { headers, tokens } };
}

/** Every secret value of `credentials` (header values, the token and its variants), for redaction. */
export function credentialSecrets(credentials: ProbeCredentials): string[] {
  return [...Object.values(credentials.headers), ...Object.values(credentials.tokens)]
    .filter((value): value is string => typeof value === "string" && value !== "");
}

/**
 * Run an http rule's probe with the server's credentials (see {@link probeCredentials}): the root
 * its expectations resolve against, or why it failed.
 */
export async function runCredentialedHttpProbe(
  session: Session,
  probe: Extract<RuleProbe, { kind: "http" }>,
  revision: RevisionInfo,
  timeoutMs: number,
  credentials: ProbeCredentials,
): Promise<{ root: Record<string, unknown>; failure?: string }> {
  const target = session.server.target;
  if (target.kind !== "http") return { root: {}, failure: "http probe on a stdio server" };
  try {
    return { root: { ...await runHttpProbe(probe, target, revision, timeoutMs, credentials) } };
  } catch (error) {
    return { root: {}, failure: error instanceof Error ? error.message : String(error) };
  }
}
