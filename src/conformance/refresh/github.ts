/** @module The upstream endpoints (GitHub API and codeload, both configurable) and fetch with clear failures. */

import { redactUrl } from "../../transport/failure_layer.ts";
import { RefreshError, RefreshNetworkError } from "./errors.ts";

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
}

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
    throw new RefreshError(`Cannot parse --url "${url}": not a URL`);
  }
  const parts = parsed.pathname.split("/").filter((p) => p !== "");
  const [owner, repo] = parts;
  if (parts.length !== 2 || owner === undefined || repo === undefined) {
    throw new RefreshError(`Cannot parse --url "${url}": expected https://<host>/<owner>/<repo>`);
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
 * GET `url` (token attached when set). Returns the response for 2xx and, when `allow404`, 404.
 * @throws {RefreshNetworkError} on a network failure or another status; a 403/429 rate limit gets one clear message
 */
export async function get(upstream: Upstream, url: string, allow404 = false): Promise<Response> {
  const headers: Record<string, string> = {
    "accept": "application/vnd.github+json, application/octet-stream;q=0.9, */*;q=0.8",
    "user-agent": "mcptest-conformance-refresh",
  };
  if (upstream.token) headers.authorization = `Bearer ${upstream.token}`;
  let response: Response;
  try {
    response = await (upstream.fetch ?? fetch)(url, { headers, redirect: "follow" });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new RefreshNetworkError(`Cannot fetch ${redactUrl(url)}: ${message}`, { cause: error });
  }
  if (response.ok || (allow404 && response.status === 404)) return response;
  await response.body?.cancel();
  const remaining = response.headers.get("x-ratelimit-remaining");
  if ((response.status === 403 || response.status === 429) && remaining === "0") {
    const reset = Number(response.headers.get("x-ratelimit-reset"));
    const when = Number.isFinite(reset) && reset > 0
      ? ` (resets at ${new Date(reset * 1000).toISOString()})`
      : "";
    throw new RefreshNetworkError(
      `GitHub API rate limit exceeded${when}: HTTP ${response.status} from ${
        redactUrl(url)
      }; set GITHUB_TOKEN or pass --ref to skip tag lookups`,
    );
  }
  throw new RefreshNetworkError(`HTTP ${response.status} from ${redactUrl(url)}`);
}
