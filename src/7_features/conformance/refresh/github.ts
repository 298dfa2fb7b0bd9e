/** @module The upstream endpoints (GitHub API and codeload, both configurable) and fetch with deadlines, manual redirects and clear failures. */

import { redactUrl } from "../../../2_connect/transport/failure_layer.ts";
import { RefreshError, RefreshNetworkError } from "./errors.ts";
import { cappedBody } from "./gunzip_stream.ts";
import { concatBytes } from "../../../0_base/util/concat_bytes.ts";

/** Where refresh fetches from. */
export interface Upstream {
  readonly owner: string;
  readonly repo: string;
  /** GitHub API base, e.g. https://api.github.com (no trailing slash). */
  readonly apiBase: string;
  /** Tarball host base, e.g. https://codeload.github.com (no trailing slash). */
  readonly codeloadBase: string;
  /** Sent as a bearer token when set; never printed. */
  readonly token?: string;
  /** The fetch to use (tests may inject one). */
  readonly fetch?: typeof fetch;
  /** Deadline of each request, body included (default {@link DEFAULT_TIMEOUT_MS}). */
  readonly timeoutMs?: number;
}

/** Default deadline of one request, from sending it to the last byte of its body (60 s). */
export const DEFAULT_TIMEOUT_MS = 60_000;

/** The hosts `GITHUB_TOKEN` may be sent to (over https only). */
export const GITHUB_HOSTS: ReadonlySet<string> = new Set([
  "api.github.com",
  "codeload.github.com",
  "github.com",
  "objects.githubusercontent.com",
  "raw.githubusercontent.com",
]);

/** Whether a request to `url` may carry `GITHUB_TOKEN`: https to a GitHub host, nothing else. */
export function mayCarryToken(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.protocol === "https:" && GITHUB_HOSTS.has(parsed.hostname.toLowerCase()) &&
      (parsed.port === "" || parsed.port === "443");
  } catch {
    return false;
  }
}

const MAX_REDIRECTS = 5;
/** Cap of a JSON API answer (tags, repository). */
const MAX_JSON_BYTES = 8 * 1024 * 1024;

/** Default upstream hosts. */
export const DEFAULT_API_BASE = "https://api.github.com";
/** Default tarball host. */
export const DEFAULT_CODELOAD_BASE = "https://codeload.github.com";

/** `https://github.com/<owner>/<repo>(.git)` -> owner and repo. @throws {RefreshError} */
export function parseRepoUrl(url: string): { owner: string; repo: string } {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new RefreshError(`cannot parse --url "${url}": not a URL`);
  }
  const parts = parsed.pathname.split("/").filter((p) => p !== "");
  const [owner, repo] = parts;
  if (parts.length !== 2 || owner === undefined || repo === undefined) {
    throw new RefreshError(`cannot parse --url "${url}": expected https://<host>/<owner>/<repo>`);
  }
  return { owner, repo: repo.replace(/\.git$/, "") };
}

/** The tarball URL of a ref. */
export function tarballUrl(upstream: Upstream, ref: string): string {
  return `${upstream.codeloadBase}/${upstream.owner}/${upstream.repo}/tar.gz/${
    encodeURIComponent(ref)
  }`;
}

/**
 * GET `url` with a deadline that also covers reading the body (`upstream.timeoutMs`). The token is
 * attached only to https requests to GitHub hosts ({@link mayCarryToken}); redirects are followed
 * by hand (at most 5), deciding again at each hop. Returns the response for 2xx and, when
 * `allow404`, 404.
 * @throws {RefreshNetworkError} on a network failure, a timeout or another status; a 403/429 rate limit gets one clear message
 */
export async function get(upstream: Upstream, url: string, allow404 = false): Promise<Response> {
  const timeoutMs = upstream.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const signal = AbortSignal.timeout(timeoutMs);
  let current = url;
  let response: Response;
  for (let hop = 0;; hop++) {
    const headers: Record<string, string> = {
      "accept": "application/vnd.github+json, application/octet-stream;q=0.9, */*;q=0.8",
      "user-agent": "mcptest-conformance-refresh",
    };
    if (upstream.token && mayCarryToken(current)) {
      headers.authorization = `Bearer ${upstream.token}`;
    }
    try {
      response = await (upstream.fetch ?? fetch)(current, { headers, redirect: "manual", signal });
    } catch (error) {
      const message = signal.aborted ? `no answer within ${timeoutMs} ms` : messageOf(error);
      throw new RefreshNetworkError(`cannot fetch ${redactUrl(current)}: ${message}`, {
        cause: error,
      });
    }
    const location = response.headers.get("location");
    if (response.status < 300 || response.status > 399 || location === null) break;
    await response.body?.cancel().catch(() => {});
    if (hop >= MAX_REDIRECTS) {
      throw new RefreshNetworkError(`too many redirects from ${redactUrl(url)}`);
    }
    let next: URL;
    try {
      next = new URL(location, current);
    } catch {
      throw new RefreshNetworkError(`bad redirect from ${redactUrl(current)}`);
    }
    if (next.protocol !== "https:" && next.protocol !== "http:") {
      throw new RefreshNetworkError(`refusing a redirect to a ${next.protocol} URL`);
    }
    current = next.href;
  }
  if (response.ok || (allow404 && response.status === 404)) return response;
  await response.body?.cancel().catch(() => {});
  const remaining = response.headers.get("x-ratelimit-remaining");
  if ((response.status === 403 || response.status === 429) && remaining === "0") {
    const reset = Number(response.headers.get("x-ratelimit-reset"));
    const when = Number.isFinite(reset) && reset > 0
      ? ` (resets at ${new Date(reset * 1000).toISOString()})`
      : "";
    throw new RefreshNetworkError(
      `GitHub API rate limit exceeded${when}: HTTP ${response.status} from ${
        redactUrl(current)
      }; set GITHUB_TOKEN or pass --ref to skip tag lookups`,
    );
  }
  throw new RefreshNetworkError(`HTTP ${response.status} from ${redactUrl(current)}`);
}

/**
 * GET a JSON API answer (body capped, read within the deadline).
 * @throws {RefreshNetworkError} when it cannot be fetched or is not JSON (exit 3)
 */
export async function getJson(upstream: Upstream, url: string): Promise<unknown> {
  const response = await get(upstream, url);
  const chunks: Uint8Array[] = [];
  try {
    for await (const chunk of cappedBody(response, MAX_JSON_BYTES, "API answer")) {
      chunks.push(chunk);
    }
  } catch (error) {
    if (error instanceof RefreshNetworkError) throw error;
    throw new RefreshNetworkError(`${messageOf(error)} (${redactUrl(url)})`, { cause: error });
  }
  try {
    return JSON.parse(new TextDecoder().decode(concatBytes(chunks)));
  } catch {
    throw new RefreshNetworkError(`unexpected answer from ${redactUrl(url)}: not JSON`);
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
