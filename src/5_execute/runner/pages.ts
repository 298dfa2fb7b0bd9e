/** @module `all_pages: true`: a list request followed through `nextCursor` to its last page, bounded; the pages merged into one result. */

import type { Exchange, RequestOptions, Session } from "../../2_connect/session/types.ts";

/** The most pages one `all_pages` test fetches before it fails (a server that never ends). */
export const MAX_PAGES = 100;

/** The pages of a list, and the result they make together. */
export interface PagesRun {
  /** The exchange graded: the last page's, its result replaced by the merged one. */
  readonly exchange: Exchange;
  /** Every page's exchange, in order. */
  readonly exchanges: readonly Exchange[];
  /** Each page's result (`{tools: [...], nextCursor}`), in order (target `pages`). */
  readonly pages: readonly unknown[];
  /** Why the pages could not all be fetched (a cursor loop, the page bound, a failed page). */
  readonly failure?: string;
}

/**
 * Send `method` and, while the result has a `nextCursor`, send it again with that cursor. The
 * merged result holds every page's list items (arrays concatenated, key by key) and no
 * `nextCursor`. A cursor seen before or more than {@link MAX_PAGES} pages is a failure.
 */
export async function followPages(
  session: Session,
  method: string,
  params: Record<string, unknown>,
  options: RequestOptions,
): Promise<PagesRun> {
  const exchanges: Exchange[] = [];
  const pages: Record<string, unknown>[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  let failure: string | undefined;
  for (;;) {
    const exchange = await session.request(
      method,
      cursor === undefined ? params : { ...params, cursor },
      options,
    );
    exchanges.push(exchange);
    const result = exchange.response?.result;
    if (exchange.failure || !exchange.response || exchange.response.error) break;
    const page = (typeof result === "object" && result !== null ? result : {}) as Record<
      string,
      unknown
    >;
    pages.push(page);
    const next = page.nextCursor;
    if (typeof next !== "string") break;
    if (seen.has(next)) {
      failure = `${method} returned nextCursor ${
        JSON.stringify(next)
      } again on page ${pages.length}: a cursor loop`;
      break;
    }
    if (pages.length >= MAX_PAGES) {
      failure = `${method} still had a nextCursor after ${MAX_PAGES} pages (the all_pages bound)`;
      break;
    }
    seen.add(next);
    cursor = next;
  }
  const last = exchanges.at(-1)!;
  const merged = last.response && !last.response.error && !last.failure
    ? { ...last, response: { ...last.response, result: mergePages(pages) } }
    : last;
  const durationMs = exchanges.reduce((sum, e) => sum + e.durationMs, 0);
  return {
    exchange: { ...merged, durationMs },
    exchanges,
    pages,
    ...(failure ? { failure } : {}),
  };
}

/** The pages as one result: array fields concatenated, other fields from the last page, no cursor. */
export function mergePages(pages: readonly Record<string, unknown>[]): Record<string, unknown> {
  const merged: Record<string, unknown> = {};
  for (const page of pages) {
    for (const [key, value] of Object.entries(page)) {
      if (key === "nextCursor") continue;
      const before = merged[key];
      merged[key] = Array.isArray(value) && Array.isArray(before) ? [...before, ...value] : value;
    }
  }
  return merged;
}
