/** @module OAuth token requests through oauth4webapi: client registration, client credentials, refresh token, authorization code. */

import * as oauth from "oauth4webapi";
import { type Discovered, requestOptions } from "./discovery.ts";
import type { OAuthConfig } from "../transport/auth_config.ts";

/** Tokens from a token endpoint (secrets) and what may be shown about them. */
export interface TokenSet {
  readonly accessToken: string;
  readonly refreshToken?: string;
  /** When the access token expires (ms since epoch), if the server said. */
  readonly expiresAt?: number;
  /** Granted scopes, when the server said. */
  readonly scope?: string;
  /** The client that obtained them (stored by `mcptest auth login`; refreshes must use it). */
  readonly client?: { readonly clientId: string; readonly clientSecret?: string };
  /**
   * The authorization server that minted them (its issuer), its token endpoint and the resource
   * they are for: a stored token is used only with that issuer (never sent to another).
   */
  readonly issuer?: string;
  readonly tokenEndpoint?: string;
  readonly resource?: string;
}

/** A registered or configured client. */
export interface ClientInfo {
  readonly clientId: string;
  readonly clientSecret?: string;
  /** Obtained through dynamic client registration (RFC 7591). */
  readonly registered: boolean;
}

/**
 * The client to use: the configured `client_id`, else one registered at the authorization
 * server's `registration_endpoint` (RFC 7591).
 * @throws Error when no client id is configured and the server offers no registration
 */
export async function ensureClient(
  config: OAuthConfig,
  found: Discovered,
  redirectUris: readonly string[] = [],
): Promise<ClientInfo> {
  if (config.clientId !== undefined) {
    return {
      clientId: config.clientId,
      ...(config.clientSecret !== undefined ? { clientSecret: config.clientSecret } : {}),
      registered: false,
    };
  }
  const endpoint = found.as.registration_endpoint;
  if (endpoint === undefined) {
    throw new Error(
      `no client_id configured and ${found.as.issuer} offers no dynamic client registration; set client_id`,
    );
  }
  const grants = config.grant === "client_credentials"
    ? ["client_credentials"]
    : ["authorization_code", "refresh_token"];
  const metadata: Partial<oauth.Client> = {
    client_name: "mcptest",
    grant_types: grants,
    response_types: config.grant === "client_credentials" ? [] : ["code"],
    token_endpoint_auth_method: config.grant === "client_credentials"
      ? "client_secret_basic"
      : "none",
    ...(redirectUris.length > 0 ? { application_type: "native" } : {}),
    ...(redirectUris.length > 0 ? { redirect_uris: [...redirectUris] } : {}),
    ...(config.scope !== undefined ? { scope: config.scope } : {}),
  };
  let client: oauth.OmitSymbolProperties<oauth.Client>;
  const options = requestOptions(endpoint, "registration endpoint");
  try {
    const response = await oauth.dynamicClientRegistrationRequest(found.as, metadata, options);
    client = await oauth.processDynamicClientRegistrationResponse(response);
  } catch (error) {
    throw new Error(`dynamic client registration at ${endpoint} failed: ${describe(error)}`);
  }
  return {
    clientId: client.client_id,
    ...(typeof client.client_secret === "string" ? { clientSecret: client.client_secret } : {}),
    registered: true,
  };
}

function clientAuth(config: OAuthConfig, client: ClientInfo): oauth.ClientAuth {
  if (client.clientSecret === undefined || config.tokenEndpointAuth === "none") return oauth.None();
  return config.tokenEndpointAuth === "client_secret_post"
    ? oauth.ClientSecretPost(client.clientSecret)
    : oauth.ClientSecretBasic(client.clientSecret);
}

function resourceParams(config: OAuthConfig, found: Discovered): Record<string, string> {
  return {
    resource: found.resource,
    ...(config.scope !== undefined ? { scope: config.scope } : {}),
  };
}

/** Ask for a token with the client credentials grant. */
export async function clientCredentials(
  config: OAuthConfig,
  found: Discovered,
  client: ClientInfo,
): Promise<TokenSet> {
  return await tokenCall("client credentials", found, async (as, c, opts) => {
    const response = await oauth.clientCredentialsGrantRequest(
      as,
      c,
      clientAuth(config, client),
      resourceParams(config, found),
      opts,
    );
    return await oauth.processClientCredentialsResponse(as, c, response);
  }, client);
}

/**
 * Ask for a token for `resource` instead of the server's own (RFC 8707) with the client credentials
 * grant: the token-validation probe of another audience (AUTH-011). Same request as
 * {@link clientCredentials} but for the resource indicator.
 */
export async function clientCredentialsForResource(
  config: OAuthConfig,
  found: Discovered,
  client: ClientInfo,
  resource: string,
): Promise<TokenSet> {
  return await clientCredentials(config, { ...found, resource }, client);
}

/** Exchange a refresh token for new tokens. */
export async function refreshGrant(
  config: OAuthConfig,
  found: Discovered,
  client: ClientInfo,
  refreshToken: string,
): Promise<TokenSet> {
  return await tokenCall("refresh token", found, async (as, c, opts) => {
    const response = await oauth.refreshTokenGrantRequest(
      as,
      c,
      clientAuth(config, client),
      refreshToken,
      { ...opts, additionalParameters: resourceParams(config, found) },
    );
    return await oauth.processRefreshTokenResponse(as, c, response);
  }, client);
}

/** Exchange an authorization code (PKCE) for tokens. */
export async function authorizationCodeGrant(
  config: OAuthConfig,
  found: Discovered,
  client: ClientInfo,
  callback: URL,
  redirectUri: string,
  verifier: string,
  state: string,
): Promise<TokenSet> {
  return await tokenCall("authorization code", found, async (as, c, opts) => {
    const params = oauth.validateAuthResponse(as, c, callback, state);
    const response = await oauth.authorizationCodeGrantRequest(
      as,
      c,
      clientAuth(config, client),
      params,
      redirectUri,
      verifier,
      { ...opts, additionalParameters: { resource: found.resource } },
    );
    return await oauth.processAuthorizationCodeResponse(as, c, response);
  }, client);
}

async function tokenCall(
  what: string,
  found: Discovered,
  call: (
    as: oauth.AuthorizationServer,
    client: oauth.Client,
    options: ReturnType<typeof requestOptions>,
  ) => Promise<oauth.TokenEndpointResponse>,
  client: ClientInfo,
): Promise<TokenSet> {
  const endpoint = found.as.token_endpoint ?? found.as.issuer;
  let response: oauth.TokenEndpointResponse;
  const options = requestOptions(endpoint, "token endpoint");
  try {
    response = await call(found.as, { client_id: client.clientId }, options);
  } catch (error) {
    throw new Error(`${what} request to ${endpoint} failed: ${describe(error)}`);
  }
  return {
    accessToken: response.access_token,
    issuer: found.as.issuer,
    tokenEndpoint: endpoint,
    resource: found.resource,
    ...(response.refresh_token !== undefined ? { refreshToken: response.refresh_token } : {}),
    ...(typeof response.expires_in === "number"
      ? { expiresAt: Date.now() + response.expires_in * 1000 }
      : {}),
    ...(response.scope !== undefined ? { scope: response.scope } : {}),
  };
}

/** An oauth4webapi error as one line: the OAuth error code and description, never a token. */
function describe(error: unknown): string {
  if (error instanceof oauth.ResponseBodyError) {
    return error.error_description ? `${error.error} (${error.error_description})` : error.error;
  }
  if (error instanceof oauth.WWWAuthenticateChallengeError) {
    const first = error.cause[0];
    const code = first?.parameters.error;
    return code ? `${code} (http ${error.status})` : `http ${error.status}`;
  }
  if (error instanceof Error) return error.message;
  return String(error);
}
