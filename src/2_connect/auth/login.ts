/** @module `mcptest auth login`: the authorization code grant with PKCE through a loopback redirect listener on 127.0.0.1. */

import * as oauth from "oauth4webapi";
import { McptestError, UsageError } from "../../0_base/errors/errors.ts";
import { ExitCode } from "../../0_base/errors/exit_codes.ts";
import { AUTH_TIMEOUT_MS, discover, type Discovered } from "./discovery.ts";
import { authorizationCodeGrant, type ClientInfo, ensureClient, type TokenSet } from "./grants.ts";
import type { StoredTokens } from "./server_auth.ts";
import type { OAuthConfig } from "../transport/auth_config.ts";

/** Options of {@link browserLogin}. */
export interface LoginOptions {
  /** Where the tokens go (the user-only token file). */
  readonly store: StoredTokens;
  /** Prints a line for the user (the URL to open); never given a secret. */
  readonly print: (line: string) => void;
  /** How long to wait for the browser's redirect (default 5 minutes). */
  readonly timeoutMs?: number;
}

/** What a login obtained, without any secret. */
export interface LoginResult {
  /** The authorization server's issuer. */
  readonly issuer: string;
  /** The client id used (registered or configured). */
  readonly clientId: string;
  /** Whether the client was registered dynamically for this login. */
  readonly registered: boolean;
  /** Whether a refresh token was stored. */
  readonly refreshToken: boolean;
  /** The scope granted, when the server said. */
  readonly scope?: string;
}

/**
 * Log in to the server at `serverUrl`: discover its authorization server, register a client when
 * no `client_id` is configured, print the authorization URL (PKCE S256, `state`, the `resource`
 * indicator), wait for the redirect to `http://127.0.0.1:<port>/callback`, exchange the code and
 * store the tokens (with the client id, so later refreshes use the same client).
 * @throws {LoginError} saying which step failed, never with a token in it (exit 1)
 */
export async function browserLogin(
  config: OAuthConfig,
  serverUrl: string,
  options: LoginOptions,
): Promise<LoginResult> {
  try {
    return await authorizeInBrowser(config, serverUrl, options);
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new LoginError(error);
  }
}

/** A login that failed at some step (exit 1): `login failed: <what went wrong>`. */
export class LoginError extends McptestError {
  /** Wrap the error of the failed step. */
  constructor(cause: unknown) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    super(`login failed: ${reason}`, ExitCode.TestsFailed, { cause });
    this.name = "LoginError";
  }
}

async function authorizeInBrowser(
  config: OAuthConfig,
  serverUrl: string,
  options: LoginOptions,
): Promise<LoginResult> {
  const found = await discoverFor(config, serverUrl);
  if (found.as.authorization_endpoint === undefined) {
    throw new Error(`${found.as.issuer} has no authorization_endpoint`);
  }
  const callback = Promise.withResolvers<URL>();
  const listener = Deno.serve({
    hostname: "127.0.0.1",
    port: config.redirectPort ?? 0,
    onListen: () => {},
  }, (req) => {
    const url = new URL(req.url);
    if (url.pathname !== "/callback") return new Response("not found", { status: 404 });
    callback.resolve(url);
    return new Response("mcptest: authorization received; you can close this tab.\n", {
      headers: { "content-type": "text/plain; charset=utf-8" },
    });
  });
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const redirectUri = `http://127.0.0.1:${listener.addr.port}/callback`;
    const client = await ensureClient(config, found, [redirectUri]);
    const verifier = oauth.generateRandomCodeVerifier();
    const state = oauth.generateRandomState();
    const url = new URL(found.as.authorization_endpoint);
    url.searchParams.set("client_id", client.clientId);
    url.searchParams.set("response_type", "code");
    url.searchParams.set("redirect_uri", redirectUri);
    url.searchParams.set("code_challenge", await oauth.calculatePKCECodeChallenge(verifier));
    url.searchParams.set("code_challenge_method", "S256");
    url.searchParams.set("state", state);
    url.searchParams.set("resource", found.resource);
    if (config.scope !== undefined) url.searchParams.set("scope", config.scope);
    // OpenID providers drop offline_access (the refresh token) unless consent is asked for.
    if (config.scope?.split(" ").includes("offline_access")) {
      url.searchParams.set("prompt", "consent");
    }
    options.print(`open this URL in a browser to authorize mcptest:\n  ${url.href}`);
    options.print(`waiting for the redirect to ${redirectUri} ...`);
    // The timeout is the user's wait for the browser, counted from when the URL is shown: the
    // client registration before it (a network round trip, slower on a busy machine) is not
    // taken out of it.
    timer = setTimeout(
      () => callback.reject(new Error("no redirect arrived before the timeout; run login again")),
      options.timeoutMs ?? 300_000,
    );
    const answered = await callback.promise;
    const tokens = await authorizationCodeGrant(
      config,
      found,
      client,
      answered,
      redirectUri,
      verifier,
      state,
    );
    await options.store.save(withClient(tokens, client));
    return {
      issuer: found.as.issuer,
      clientId: client.clientId,
      registered: client.registered,
      refreshToken: tokens.refreshToken !== undefined,
      ...(tokens.scope !== undefined ? { scope: tokens.scope } : {}),
    };
  } finally {
    clearTimeout(timer);
    await listener.shutdown();
  }
}

/** Tokens as stored: with the client that obtained them (a refresh must use the same client). */
export function withClient(tokens: TokenSet, client: ClientInfo): TokenSet {
  return {
    ...tokens,
    client: {
      clientId: client.clientId,
      ...(client.clientSecret !== undefined ? { clientSecret: client.clientSecret } : {}),
    },
  };
}

/** Discovery from the well-known metadata, else from the challenge of a bare request's 401. */
async function discoverFor(config: OAuthConfig, serverUrl: string): Promise<Discovered> {
  try {
    return await discover(config, serverUrl, null);
  } catch (first) {
    let challenge: string | null = null;
    try {
      const response = await fetch(serverUrl, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
        },
        body: JSON.stringify({ jsonrpc: "2.0", id: 0, method: "ping" }),
        signal: AbortSignal.timeout(AUTH_TIMEOUT_MS),
        redirect: "manual",
      });
      await response.body?.cancel();
      challenge = response.headers.get("www-authenticate");
    } catch {
      // The server cannot be reached: report the discovery error.
    }
    if (challenge === null) throw first;
    return await discover(config, serverUrl, challenge);
  }
}
