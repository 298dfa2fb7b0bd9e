/** @module Build the plain-data AuthConfig from a server's (schema-valid, interpolated) `auth:` block. */

import type {
  AuthConfig,
  AuthHeader,
  OAuthConfig,
  TokenEndpointAuth,
} from "../transport/auth_config.ts";

const SUFFIX = "_Env";

/** A problem in the block, with the key path (below `auth`) it is about. */
export interface AuthProblem {
  readonly message: string;
  readonly path: readonly string[];
}

/**
 * Turn the interpolated `auth:` block into an {@link AuthConfig}. `raw` is the same block before
 * interpolation, when the loader has it: it names the variables (`token_Env: NAME`) that a 401
 * re-reads. Without it, values are still used, only never re-read.
 */
export function parseAuth(
  value: unknown,
  raw?: unknown,
): { auth?: AuthConfig; problems: AuthProblem[] } {
  const block = asRecord(value);
  const rawBlock = asRecord(raw);
  const ways = ["bearer", "headers", "oauth"].filter((k) => block[k] !== undefined);
  if (ways.length !== 1) {
    const got = ways.length === 0 ? "none" : ways.join(", ");
    return {
      problems: [{
        message: `auth takes exactly one of bearer, headers, oauth; got ${got}`,
        path: [],
      }],
    };
  }
  if (block.bearer !== undefined) {
    const bearer = asRecord(block.bearer);
    const token = typeof bearer.token === "string" ? bearer.token : "";
    if (token === "") {
      return { problems: [{ message: "bearer token is empty", path: ["bearer", "token_Env"] }] };
    }
    const variable = stringAt(asRecord(rawBlock.bearer), `token${SUFFIX}`);
    return { auth: { kind: "bearer", token, ...(variable ? { variable } : {}) }, problems: [] };
  }
  if (block.headers !== undefined) {
    const rawHeaders = asRecord(rawBlock.headers);
    const headers: AuthHeader[] = Object.entries(asRecord(block.headers)).map(([name, v]) => {
      const variable = stringAt(rawHeaders, `${name}${SUFFIX}`);
      return { name, value: String(v), ...(variable ? { variable } : {}) };
    });
    return { auth: { kind: "headers", headers }, problems: [] };
  }
  if (block.oauth !== undefined) return parseOAuth(asRecord(block.oauth));
  return { problems: [{ message: "expected one of bearer, headers, oauth", path: [] }] };
}

function parseOAuth(o: Record<string, unknown>): { auth?: AuthConfig; problems: AuthProblem[] } {
  const problems: AuthProblem[] = [];
  const grant = o.grant === "refresh_token" || o.grant === "authorization_code"
    ? o.grant
    : "client_credentials";
  const clientId = str(o.client_id);
  const clientSecret = str(o.client_secret);
  const refreshToken = str(o.refresh_token);
  if (grant === "refresh_token" && refreshToken === undefined) {
    problems.push({
      message:
        "grant refresh_token needs refresh_token_Env: the variable holding the refresh token",
      path: ["oauth", "grant"],
    });
  }
  for (const key of ["resource", "authorization_server"] as const) {
    const url = str(o[key]);
    if (url !== undefined && !isHttpUrl(url)) {
      problems.push({
        message: `"${key}" must be an absolute http:// or https:// URL, got ${JSON.stringify(url)}`,
        path: ["oauth", key],
      });
    }
  }
  if (problems.length > 0) return { problems };
  const auth: OAuthConfig = {
    kind: "oauth",
    grant,
    ...(clientId !== undefined ? { clientId } : {}),
    ...(clientSecret !== undefined ? { clientSecret } : {}),
    ...(refreshToken !== undefined ? { refreshToken } : {}),
    ...(str(o.scope) !== undefined ? { scope: str(o.scope)! } : {}),
    ...(str(o.resource) !== undefined ? { resource: str(o.resource)! } : {}),
    ...(str(o.authorization_server) !== undefined
      ? { authorizationServer: str(o.authorization_server)! }
      : {}),
    ...(typeof o.token_endpoint_auth === "string"
      ? { tokenEndpointAuth: o.token_endpoint_auth as TokenEndpointAuth }
      : {}),
    ...(typeof o.redirect_port === "number" ? { redirectPort: o.redirect_port } : {}),
  };
  return { auth, problems };
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

function str(value: unknown): string | undefined {
  return typeof value === "string" && value !== "" ? value : undefined;
}

function stringAt(record: Record<string, unknown>, key: string): string | undefined {
  return str(record[key]);
}

function asRecord(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value)
    ? value as Record<string, unknown>
    : {};
}
