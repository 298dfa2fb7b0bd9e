/** @module The credentials of one server for one run: headers to send, one shared refresh after a 401. */

import type { RequestAuth } from "../transport/http_fetch.ts";
import type { Discovered } from "./discovery.ts";
import type { ClientInfo, TokenSet } from "./grants.ts";
import type { AuthConfig, OAuthConfig } from "../transport/auth_config.ts";
import { clientCredentials, discover, ensureClient, refreshGrant } from "./oauth_later.ts";

/** Where tokens of `grant: authorization_code` are kept between runs (see token_store.ts). */
export interface StoredTokens {
  load(): Promise<TokenSet | undefined>;
  save(tokens: TokenSet): Promise<void>;
}

/** Options of {@link ServerAuth}. */
export interface ServerAuthOptions {
  /** Called with every secret the state learns at run time (tokens), so outputs redact it. */
  readonly onSecret?: (value: string) => void;
  /**
   * Reads a variable again on a 401 (default: the process environment). runSuite passes one that
   * rebuilds the variable stack (src/3_load/config/reread.ts), so env files are read again.
   */
  readonly reread?: (name: string) => string | undefined | Promise<string | undefined>;
  /** The token file of `grant: authorization_code`. */
  readonly store?: StoredTokens;
}

/** What may be shown about the current credentials (never a token). */
export interface AuthDescription {
  readonly kind: AuthConfig["kind"];
  readonly discovered?: Discovered;
  readonly client?: { readonly clientId: string; readonly registered: boolean };
  readonly tokens?: Omit<TokenSet, "accessToken" | "refreshToken"> & {
    readonly audience?: string | readonly string[];
  };
  /** How many times the credentials were refreshed after a 401. */
  readonly refreshes: number;
}

/**
 * Credentials of one server, shared by all its connections in a run: one token, one refresh even
 * when several requests get a 401 at once (a 401 to headers that are no longer current just
 * retries with the current ones).
 */
export class ServerAuth implements RequestAuth {
  readonly #config: AuthConfig;
  readonly #url: string;
  readonly #options: ServerAuthOptions;
  #current: Record<string, string> | undefined;
  #pending: Promise<void> | undefined;
  #discovered: Discovered | undefined;
  #client: ClientInfo | undefined;
  #tokens: TokenSet | undefined;
  #refreshes = 0;

  constructor(config: AuthConfig, serverUrl: string, options: ServerAuthOptions = {}) {
    this.#config = config;
    this.#url = serverUrl;
    this.#options = options;
  }

  /** The credential headers (obtains a token first for OAuth). */
  async headers(_signal?: AbortSignal): Promise<Record<string, string>> {
    while (this.#pending) await this.#pending;
    if (this.#current === undefined) {
      await this.#single(() => this.#initial());
    }
    return { ...this.#current };
  }

  /** Refresh after a 401 to a request sent with `used` (shared by concurrent callers). */
  async refresh(
    used: Record<string, string>,
    challenge: string | null,
    _signal?: AbortSignal,
  ): Promise<void> {
    if (this.#pending) {
      await this.#pending;
      return;
    }
    if (!sameHeaders(used, this.#current ?? {})) return;
    await this.#single(() => this.#renew(challenge));
    this.#refreshes++;
  }

  /** What may be shown: discovery documents, client id, expiry, scopes, audience. */
  describe(): AuthDescription {
    const tokens = this.#tokens;
    const audience = tokens ? audienceOf(tokens.accessToken) : undefined;
    return {
      kind: this.#config.kind,
      ...(this.#discovered ? { discovered: this.#discovered } : {}),
      ...(this.#client
        ? { client: { clientId: this.#client.clientId, registered: this.#client.registered } }
        : {}),
      ...(tokens
        ? {
          tokens: {
            ...(tokens.expiresAt !== undefined ? { expiresAt: tokens.expiresAt } : {}),
            ...(tokens.scope !== undefined ? { scope: tokens.scope } : {}),
            ...(audience !== undefined ? { audience } : {}),
          },
        }
        : {}),
      refreshes: this.#refreshes,
    };
  }

  async #single(run: () => Promise<void>): Promise<void> {
    const pending = run().finally(() => {
      if (this.#pending === pending) this.#pending = undefined;
    });
    this.#pending = pending;
    await pending;
  }

  async #initial(): Promise<void> {
    const config = this.#config;
    if (config.kind !== "oauth") {
      this.#current = staticHeaders(config);
      return;
    }
    if (config.grant === "authorization_code") {
      const stored = await this.#options.store?.load();
      if (stored) {
        assertIssuer(stored, config.authorizationServer, this.#url);
        if (stored.client && config.clientId === undefined) {
          this.#client = { ...stored.client, registered: true };
          if (stored.client.clientSecret) this.#options.onSecret?.(stored.client.clientSecret);
        }
        this.#useTokens(stored);
        return;
      }
    }
    try {
      this.#discovered ??= await discover(config, this.#url, null);
    } catch {
      // No metadata without a challenge: send the request bare; its 401 names the metadata.
      this.#current = {};
      return;
    }
    await this.#obtain(config);
  }

  async #renew(challenge: string | null): Promise<void> {
    const config = this.#config;
    if (config.kind === "bearer") {
      const token = (await this.#reread(config.variable)) ?? config.token;
      this.#current = { authorization: `Bearer ${token}` };
      return;
    }
    if (config.kind === "headers") {
      const headers: Record<string, string> = {};
      for (const h of config.headers) {
        headers[h.name] = (await this.#reread(h.variable)) ?? h.value;
      }
      this.#current = headers;
      return;
    }
    if (this.#discovered === undefined || challenge !== null && this.#tokens === undefined) {
      this.#discovered = await discover(config, this.#url, challenge);
    }
    const refreshToken = this.#tokens?.refreshToken;
    if (refreshToken !== undefined && config.grant !== "client_credentials") {
      // A stored refresh token goes back only to the authorization server that minted it.
      assertIssuer(this.#tokens!, this.#discovered.as.issuer, this.#url);
      const client = await this.#ensureClient(config, this.#discovered);
      this.#useTokens(await refreshGrant(config, this.#discovered, client, refreshToken));
      await this.#options.store?.save(this.#tokens!);
      return;
    }
    await this.#obtain(config);
  }

  async #obtain(config: OAuthConfig): Promise<void> {
    const found = this.#discovered!;
    const refreshToken = this.#tokens?.refreshToken ?? config.refreshToken;
    if (config.grant !== "client_credentials" && refreshToken === undefined) {
      throw new Error(
        config.grant === "authorization_code"
          ? `no stored tokens for ${this.#url}; run mcptest auth login first`
          : "no refresh token configured",
      );
    }
    const client = await this.#ensureClient(config, found);
    if (config.grant === "client_credentials" || refreshToken === undefined) {
      this.#useTokens(await clientCredentials(config, found, client));
      return;
    }
    this.#useTokens(await refreshGrant(config, found, client, refreshToken));
    if (config.grant === "authorization_code") await this.#options.store?.save(this.#tokens!);
  }

  async #ensureClient(config: OAuthConfig, found: Discovered): Promise<ClientInfo> {
    if (this.#client === undefined) {
      this.#client = await ensureClient(config, found);
      if (this.#client.clientSecret) this.#options.onSecret?.(this.#client.clientSecret);
    }
    return this.#client;
  }

  #useTokens(tokens: TokenSet): void {
    this.#options.onSecret?.(tokens.accessToken);
    if (tokens.refreshToken) this.#options.onSecret?.(tokens.refreshToken);
    this.#tokens = {
      ...tokens,
      ...(tokens.refreshToken === undefined && this.#tokens?.refreshToken !== undefined
        ? { refreshToken: this.#tokens.refreshToken }
        : {}),
      ...(tokens.client === undefined && this.#tokens?.client !== undefined
        ? { client: this.#tokens.client }
        : {}),
    };
    this.#current = { authorization: `Bearer ${tokens.accessToken}` };
  }

  async #reread(variable: string | undefined): Promise<string | undefined> {
    if (variable === undefined) return undefined;
    let value: string | undefined;
    try {
      value = await (this.#options.reread ?? ((name) => Deno.env.get(name)))(variable);
    } catch {
      return undefined;
    }
    if (value === undefined || value === "") return undefined;
    this.#options.onSecret?.(value);
    return value;
  }
}

/**
 * Refuse stored tokens for another authorization server than the one that minted them: a suite
 * (from a pull request, say) naming the same server URL with another `authorization_server` must
 * not receive tokens obtained with `mcptest auth login` against the first.
 * @throws Error naming both issuers; nothing is sent
 */
function assertIssuer(tokens: TokenSet, issuer: string | undefined, url: string): void {
  if (issuer === undefined) return;
  if (tokens.issuer === issuer) return;
  const minted = tokens.issuer === undefined ? "an unrecorded issuer" : tokens.issuer;
  throw new Error(
    `the stored tokens of ${url} were issued by ${minted}, not by ${issuer}; refusing to use ` +
      "them there (run mcptest auth login again for this authorization server)",
  );
}

function staticHeaders(config: Exclude<AuthConfig, OAuthConfig>): Record<string, string> {
  if (config.kind === "bearer") return { authorization: `Bearer ${config.token}` };
  return Object.fromEntries(config.headers.map((h) => [h.name, h.value]));
}

function sameHeaders(a: Record<string, string>, b: Record<string, string>): boolean {
  const ka = Object.keys(a);
  return ka.length === Object.keys(b).length && ka.every((k) => a[k] === b[k]);
}

/** The `aud` claim of a JWT access token (decoded, not verified), if it is one. */
function audienceOf(token: string): string | readonly string[] | undefined {
  const part = token.split(".")[1];
  if (part === undefined) return undefined;
  try {
    const json = JSON.parse(
      new TextDecoder().decode(
        Uint8Array.from(atob(part.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0)),
      ),
    ) as { aud?: unknown };
    if (typeof json.aud === "string") return json.aud;
    if (Array.isArray(json.aud)) return json.aud.map(String);
  } catch {
    // Not a JWT: an opaque token.
  }
  return undefined;
}
