/** @module login() and logout(): `mcptest auth login|logout SERVER` as one call each: find the suite's server, run the browser login or forget its tokens. */

import { UsageError } from "../../0_base/errors/errors.ts";
import { browserLogin, LoginError, type LoginResult } from "../../2_connect/auth/login.ts";
import { fileTokenStore, tokenFilePath } from "../../2_connect/auth/token_store.ts";
import type { OAuthConfig } from "../../2_connect/transport/auth_config.ts";
import { type LoadOptions, loadSuite } from "../../3_load/config/load_suite.ts";

/** Options of {@link login}. */
export interface LoginServerOptions {
  /** How the suite that declares the server is found and loaded (`mcptest run`'s flags). */
  readonly load: LoadOptions;
  /** Prints a line for the user (the URL to open); never given a secret. */
  readonly print: (line: string) => void;
  /** How long to wait for the browser's redirect (default 5 minutes). */
  readonly timeoutMs?: number;
}

/** What a login obtained (no secret), and where the tokens went. */
export interface LoggedIn extends LoginResult {
  /** The server's URL (the key of its tokens). */
  readonly url: string;
  /** The user-only token file. */
  readonly tokenFile: string;
}

/** What a logout did. */
export interface LoggedOut {
  /** The server's URL (the key of its tokens). */
  readonly url: string;
  /** Whether tokens were stored (and are now removed). */
  readonly removed: boolean;
  /** The token file, when tokens were removed from it. */
  readonly tokenFile?: string;
}

/** The suite's server `name`: its URL, and its `auth:` block when that is OAuth. */
interface HttpServer {
  readonly url: string;
  readonly auth?: OAuthConfig;
  readonly kind?: string;
}

/**
 * Log in to the OAuth server `name` of the suite: the authorization code grant with PKCE
 * through a loopback redirect on 127.0.0.1 (see `browserLogin`); the tokens go to the user-only
 * token file, where servers with `grant: authorization_code` find them.
 * @throws {UsageError} an unknown server, one that is not HTTP or has no `auth: oauth` block (exit 2)
 * @throws {ConfigErrors} a suite that does not load (exit 2)
 * @throws {LoginError} a step of the login that failed (exit 1)
 * @example
 * ```ts ignore
 * import { login } from "./login.ts";
 *
 * const done = await login("api", { load: { paths: [], cwd: Deno.cwd() }, print: console.log });
 * console.log(done.issuer);
 * ```
 */
export async function login(name: string, options: LoginServerOptions): Promise<LoggedIn> {
  const server = await httpServer(name, options.load);
  if (!server.auth) {
    throw new UsageError(
      `server ${JSON.stringify(name)} has no auth: oauth block (${
        server.kind ?? "no auth:"
      }); login is for OAuth servers`,
    );
  }
  let tokenFile: string;
  try {
    tokenFile = tokenFilePath();
  } catch (error) {
    throw new LoginError(error);
  }
  const result = await browserLogin(server.auth, server.url, {
    store: fileTokenStore(server.url, tokenFile),
    print: options.print,
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
  });
  return { ...result, url: server.url, tokenFile };
}

/**
 * Forget the stored tokens of the server `name` of the suite (nothing stored is not an error).
 * @throws {UsageError} an unknown server, or one that is not HTTP (exit 2)
 * @throws {ConfigErrors} a suite that does not load (exit 2)
 */
export async function logout(
  name: string,
  options: { readonly load: LoadOptions },
): Promise<LoggedOut> {
  const { url } = await httpServer(name, options.load);
  const removed = await fileTokenStore(url).remove();
  return removed ? { url, removed, tokenFile: tokenFilePath() } : { url, removed };
}

/** The HTTP url and `auth:` block of the server `name` of the suite. */
async function httpServer(name: string, load: LoadOptions): Promise<HttpServer> {
  const suite = await loadSuite(load);
  const servers = Object.values(suite.servers);
  const server = servers.find((s) => s.name === name);
  if (!server) {
    const known = [...new Set(servers.map((s) => s.name))].sort();
    throw new UsageError(
      `unknown server ${JSON.stringify(name)}; expected one of: ${known.join(", ") || "(none)"}`,
    );
  }
  if (server.target.kind !== "http") {
    throw new UsageError(`server ${JSON.stringify(name)} is not an HTTP server`);
  }
  const auth = server.target.auth;
  return {
    url: server.target.url,
    ...(auth?.kind === "oauth" ? { auth } : {}),
    ...(auth ? { kind: auth.kind } : {}),
  };
}
