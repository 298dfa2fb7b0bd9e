/** @module Auth configuration of an HTTP server, as plain data (what the `auth:` block resolves to). */

/** `auth: { bearer: { token_Env: NAME } }`: `Authorization: Bearer <token>`. */
export interface BearerAuth {
  /** Tells the auth kinds apart. */
  readonly kind: "bearer";
  /** The token as resolved at load (a secret). */
  readonly token: string;
  /** The variable that holds it, re-read on a 401 (absent when the loader could not tell). */
  readonly variable?: string;
}

/** One custom credential header. */
export interface AuthHeader {
  /** The header name (`X-Api-Key`). */
  readonly name: string;
  /** The value as resolved at load (a secret when it came from a variable). */
  readonly value: string;
  /** The variable it came from (`X-Api-Key_Env: NAME`), re-read on a 401. */
  readonly variable?: string;
}

/** `auth: { headers: { X-Api-Key_Env: NAME } }`. */
export interface HeadersAuth {
  /** Tells the auth kinds apart. */
  readonly kind: "headers";
  /** The headers sent with every request, in declaration order. */
  readonly headers: readonly AuthHeader[];
}

/** The OAuth grants mcptest can use. */
export type OAuthGrant = "client_credentials" | "refresh_token" | "authorization_code";

/** How the client authenticates at the token endpoint. */
export type TokenEndpointAuth = "client_secret_basic" | "client_secret_post" | "none";

/** `auth: { oauth: {...} }`. */
export interface OAuthConfig {
  /** Tells the auth kinds apart. */
  readonly kind: "oauth";
  /** The grant used to obtain tokens. */
  readonly grant: OAuthGrant;
  /** Absent: dynamic client registration (when the authorization server offers it). */
  readonly clientId?: string;
  /** The client secret, for confidential clients (a secret). */
  readonly clientSecret?: string;
  /** The stored refresh token (grant `refresh_token`). */
  readonly refreshToken?: string;
  /** Space-separated scopes to request. */
  readonly scope?: string;
  /** RFC 8707 resource indicator (default: from the protected resource metadata, else the url). */
  readonly resource?: string;
  /** Issuer of the authorization server (default: discovered, RFC 9728). */
  readonly authorizationServer?: string;
  /** How the client authenticates at the token endpoint. */
  readonly tokenEndpointAuth?: TokenEndpointAuth;
  /** Loopback port for `mcptest auth login` (0 or absent: any free port). */
  readonly redirectPort?: number;
}

/** The `auth:` block of an HTTP server. */
export type AuthConfig = BearerAuth | HeadersAuth | OAuthConfig;
