/** @module Reads a server's surface (tools, resources, templates, prompts) out of a seed-003 capture session. */

import {
  CATEGORIES,
  type Category,
  type Item,
  LISTING,
  type Listing,
  type Surface,
} from "./types.ts";

/** The part of a capture session (or cassette) the surface is read from. */
export interface CaptureLike {
  /** The server's label. */
  readonly server_label: string;
  /** What the server advertised; null when no handshake completed. */
  readonly server_capabilities: Readonly<Record<string, unknown>> | null;
  /** Requests and their responses, in order. */
  readonly exchanges: ReadonlyArray<{ readonly request: unknown; readonly response?: unknown }>;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === "object" && !Array.isArray(v);

/** The capability that announces each category. */
const CAPABILITY: Readonly<Record<Category, string>> = {
  tool: "tools",
  resource: "resources",
  resource_template: "resources",
  prompt: "prompts",
};

/** One page of a listing: the request's cursor and the response. */
interface Page {
  readonly cursor: unknown;
  readonly response: unknown;
}

/**
 * The surface of one captured session. Each category comes from the last complete listing in the
 * capture (a request without `cursor`, then its `nextCursor` pages); a server that does not
 * advertise the capability lists nothing; a capability with no listing in the capture is unknown.
 */
export function surfaceOf(capture: CaptureLike, label = capture.server_label): Surface {
  const listings = {} as Record<Category, Listing>;
  for (const category of CATEGORIES) listings[category] = listingOf(capture, category, label);
  return { label, listings };
}

function listingOf(capture: CaptureLike, category: Category, label: string): Listing {
  const { method } = LISTING[category];
  const pages: Page[] = [];
  for (const exchange of capture.exchanges) {
    const request = exchange.request;
    if (!isObj(request) || request["method"] !== method || exchange.response === undefined) {
      continue;
    }
    const params = isObj(request["params"]) ? request["params"] : {};
    pages.push({ cursor: params["cursor"], response: exchange.response });
  }
  if (pages.length === 0) {
    const caps = capture.server_capabilities;
    if (caps !== null && !(CAPABILITY[category] in caps)) {
      return { known: true, items: new Map() };
    }
    return { known: false, reason: `no ${method} response in ${label}` };
  }
  // The last run of pages that starts without a cursor.
  let start = pages.length - 1;
  while (start > 0 && pages[start]!.cursor !== undefined) start--;
  return fromPages(pages.slice(start), category);
}

function fromPages(pages: readonly Page[], category: Category): Listing {
  const { method, field, key } = LISTING[category];
  const items = new Map<string, Item>();
  for (const [i, page] of pages.entries()) {
    const response = isObj(page.response) ? page.response : {};
    if (isObj(response["error"])) {
      const message = String(response["error"]["message"] ?? "");
      return { known: false, reason: `${method} answered an error: ${message}` };
    }
    const result = response["result"];
    if (!isObj(result) || !Array.isArray(result[field])) {
      return { known: false, reason: `${method} result has no ${field} array` };
    }
    for (const item of result[field] as unknown[]) {
      if (isObj(item) && typeof item[key] === "string") items.set(item[key] as string, item);
    }
    const last = i === pages.length - 1;
    if (last && typeof result["nextCursor"] === "string") {
      return { known: false, reason: `${method} stops at a page with a nextCursor` };
    }
  }
  return { known: true, items };
}
