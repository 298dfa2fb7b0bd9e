/** @module Every item of a list method (tools/list, prompts/list, ...), followed through `nextCursor`, bounded: what a tool reads when it needs a server's whole surface. */

import { McptestError } from "../../0_base/errors/errors.ts";
import { ExitCode } from "../../0_base/errors/exit_codes.ts";
import type { Exchange } from "./types.ts";

/** The most pages one list is followed for. */
export const MAX_LIST_PAGES = 100;

/** A list item as the server sent it (objects only; anything else in the list is left out). */
export type ListItem = Record<string, unknown>;

/**
 * The items of `field` on every page of `method`, through `send` (a session's request, or a
 * pool's). Stops at the last page, at {@link MAX_LIST_PAGES} pages, or at a cursor already seen.
 * With `optional`, a JSON-RPC error answer lists nothing more (resources/templates/list is
 * optional even for a server with resources).
 * @throws the list failed (no answer, a transport failure, or an error): `fail`'s error, by
 *   default a McptestError with exit 1
 */
export async function listItems(
  send: (params: Record<string, unknown>) => Promise<Exchange>,
  method: string,
  field: string,
  options: { readonly optional?: boolean; readonly fail?: (message: string) => Error } = {},
): Promise<ListItem[]> {
  const fail = options.fail ??
    ((message: string) => new McptestError(message, ExitCode.TestsFailed));
  const items: ListItem[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  for (let page = 0; page < MAX_LIST_PAGES; page++) {
    const exchange = await send(cursor === undefined ? {} : { cursor });
    const response = exchange.response;
    if (exchange.failure || !response || response.error !== undefined) {
      if (options.optional && response?.error !== undefined) return items;
      const why = exchange.failure?.message ?? response?.error?.message ?? "no response";
      throw fail(`${method} failed: ${why}`);
    }
    const result = (response.result ?? {}) as Record<string, unknown>;
    const list = result[field];
    if (Array.isArray(list)) {
      for (const item of list) {
        if (item !== null && typeof item === "object" && !Array.isArray(item)) items.push(item);
      }
    }
    const next = result["nextCursor"];
    if (typeof next !== "string" || seen.has(next)) break;
    seen.add(next);
    cursor = next;
  }
  return items;
}
