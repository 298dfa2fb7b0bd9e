/** @module Hides credentials (userinfo) and, for recorded targets, query values in URLs. */

/** What replaces a query value when `query` redaction is asked for. */
const HIDDEN = "[REDACTED]";

/** Options of {@link redactUrl}. */
export interface RedactUrlOptions {
  /** Also replace every query value with `[REDACTED]` (recorded targets); names are kept. */
  readonly query?: boolean;
}

/**
 * Drop `user:password@` from a URL before it reaches a message and, with `query`, replace each
 * query value (`?key=value`) by `[REDACTED]`. Text that is not an absolute URL is returned as is.
 */
export function redactUrl(url: string, options: RedactUrlOptions = {}): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url;
  }
  const credentials = parsed.username !== "" || parsed.password !== "";
  const query = options.query === true && parsed.search !== "" && parsed.search !== "?";
  if (!credentials && !query) return url;
  parsed.username = "";
  parsed.password = "";
  if (query) parsed.search = hideQueryValues(parsed.search.slice(1));
  return parsed.toString();
}

/** `a=1&b&c=2` -> `a=[REDACTED]&b&c=[REDACTED]` (names and order kept, raw names untouched). */
function hideQueryValues(search: string): string {
  return "?" + search.split("&").map((pair) => {
    const eq = pair.indexOf("=");
    return eq === -1 ? pair : `${pair.slice(0, eq)}=${HIDDEN}`;
  }).join("&");
}

const URL_IN_TEXT = /\b[a-z][a-z0-9+.-]*:\/\/[^\s"'<>`]+/gi;

/** Apply {@link redactUrl} to every `scheme://...` URL found inside free text. */
export function redactUrlsInText(text: string, options: RedactUrlOptions = {}): string {
  if (!text.includes("://")) return text;
  return text.replace(URL_IN_TEXT, (url) => {
    // A bare `stdio://cmd` label is not a URL with credentials or a query: leave it.
    if (!/^https?:|^wss?:/i.test(url)) return url;
    return redactUrl(url, options);
  });
}
