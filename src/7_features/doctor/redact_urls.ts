/** @module URL credentials out of every doctor output: userinfo and query values of each server URL. */

import { redactUrlsInText } from "../../0_base/util/redact_url.ts";
import { setOwn } from "../../0_base/util/set_own.ts";
import type { ServerSpec } from "../../3_load/config/types.ts";

/** Query values shorter than this are not treated as secrets in free text (`v=1`, `debug=true`). */
const MIN_QUERY_SECRET = 6;
/**
 * Query parameters whose values are credentials, hidden wherever they appear (any other query
 * value is hidden in URLs only: `?scenario=legacy` must not hide the word "legacy" everywhere).
 */
const CREDENTIAL_PARAM = /token|key|secret|pass|pwd|auth|sig|session|code|credential|jwt|bearer/i;

/**
 * The credentials of each HTTP server's URL, as secrets to hide wherever they appear: the
 * userinfo password, and the value of each credential-named query parameter (`api_key`, `token`,
 * ...) of {@link MIN_QUERY_SECRET} characters or more, in raw and decoded form. Every query value
 * is hidden inside URLs anyway ({@link redactUrls}).
 */
export function urlSecrets(servers: readonly ServerSpec[]): string[] {
  const out = new Set<string>();
  for (const server of servers) {
    if (server.target.kind !== "http") continue;
    let url: URL;
    try {
      url = new URL(server.target.url);
    } catch {
      continue;
    }
    const add = (raw: string, min = 1) => {
      if (raw.length < min) return;
      out.add(raw);
      try {
        out.add(decodeURIComponent(raw));
      } catch { /* not percent-encoded: the raw form is enough */ }
    };
    add(url.password);
    for (const pair of url.search.slice(1).split("&")) {
      const eq = pair.indexOf("=");
      if (eq >= 0 && CREDENTIAL_PARAM.test(pair.slice(0, eq))) {
        add(pair.slice(eq + 1), MIN_QUERY_SECRET);
      }
    }
    for (const [name, value] of url.searchParams) {
      if (CREDENTIAL_PARAM.test(name) && value.length >= MIN_QUERY_SECRET) out.add(value);
    }
  }
  return [...out].filter((s) => s !== "");
}

/** `value` with every `http(s)://` URL in its strings stripped of userinfo and query values. */
export function redactUrls<T>(value: T, depth = 0): T {
  if (typeof value === "string") return redactUrlsInText(value, { query: true }) as T;
  if (value === null || typeof value !== "object" || depth > 64) return value;
  if (Array.isArray(value)) return value.map((item) => redactUrls(item, depth + 1)) as T;
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) {
    setOwn(out, key, redactUrls(child, depth + 1));
  }
  return out as T;
}
