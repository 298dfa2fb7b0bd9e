/** @module The surface a recording lists before its session closes: every list method the server advertises, every page, unless the suite already listed it whole (docs/cassettes.md). */

import { listItems } from "../session/list_items.ts";
import type { Session } from "../session/types.ts";
import type { WireEvent } from "./recording_transport.ts";

/**
 * The `_meta` a surface request carries: it marks the exchanges mcptest added to a cassette. Replay
 * leaves `_meta` out of the request key, so a surface exchange answers a plain list request too.
 */
export const SURFACE_META_KEY = "mcptest/surface";

/** One list method of the surface: the capability that announces it and its result field. */
export interface SurfaceList {
  readonly method: string;
  readonly field: string;
  readonly capability: string;
  /** Answered with an error by some servers that have the capability (not an error of theirs). */
  readonly optional: boolean;
}

/** The list methods a recording completes, in the order they are sent. */
export const SURFACE_LISTS: readonly SurfaceList[] = [
  { method: "tools/list", field: "tools", capability: "tools", optional: false },
  { method: "resources/list", field: "resources", capability: "resources", optional: false },
  {
    method: "resources/templates/list",
    field: "resourceTemplates",
    capability: "resources",
    optional: true,
  },
  { method: "prompts/list", field: "prompts", capability: "prompts", optional: false },
];

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === "object" && !Array.isArray(v);

/** A sent request paired with the response that answered it (absent: none came). */
interface Pair {
  readonly method: string;
  readonly cursor: unknown;
  readonly result?: Obj;
}

/** The requests of a wire log with their responses, in send order (by JSON-RPC id). */
function pairsOf(events: readonly WireEvent[]): Pair[] {
  const pending = new Map<unknown, { method: string; cursor: unknown; result?: Obj }>();
  const pairs: { method: string; cursor: unknown; result?: Obj }[] = [];
  for (const event of events) {
    const messages = Array.isArray(event.message) ? event.message : [event.message];
    for (const message of messages) {
      if (!isObj(message) || !("id" in message)) continue;
      if (event.dir === "sent" && typeof message["method"] === "string") {
        const params = isObj(message["params"]) ? message["params"] : {};
        const pair = { method: message["method"], cursor: params["cursor"] };
        pairs.push(pair);
        pending.set(message["id"], pair);
      } else if (event.dir === "received" && !("method" in message)) {
        const pair = pending.get(message["id"]);
        pending.delete(message["id"]);
        if (pair && isObj(message["result"])) pair.result = message["result"];
      }
    }
  }
  return pairs;
}

/**
 * Whether the wire log holds a whole listing of `method`: a request without a cursor answered
 * with a result, then each `nextCursor` it names requested and answered, to a page without one.
 */
export function listedWhole(events: readonly WireEvent[], method: string): boolean {
  const pages = pairsOf(events).filter((p) => p.method === method && p.result !== undefined);
  const byCursor = new Map<string, Obj>();
  for (const page of pages) {
    if (typeof page.cursor === "string") byCursor.set(page.cursor, page.result!);
  }
  for (const first of pages.filter((p) => p.cursor === undefined)) {
    let result: Obj | undefined = first.result;
    const seen = new Set<string>();
    while (result !== undefined) {
      const next = result["nextCursor"];
      if (typeof next !== "string") return true;
      if (seen.has(next)) break;
      seen.add(next);
      result = byCursor.get(next);
    }
  }
  return false;
}

/**
 * List, over a recording session, every list method its server advertises and the wire log does
 * not hold whole yet (every page, through {@link listItems}), each request marked with
 * {@link SURFACE_META_KEY}. Never throws: the first list that fails (an error, a timeout, a closed
 * session) ends the listing, so a dead server costs at most one request timeout.
 * @returns the methods listed whole by this call
 */
export async function recordSurface(
  session: Session,
  events: readonly WireEvent[],
): Promise<string[]> {
  const caps = session.serverCapabilities;
  if (caps === null) return [];
  const listed: string[] = [];
  for (const list of SURFACE_LISTS) {
    if (!Object.hasOwn(caps, list.capability) || listedWhole(events, list.method)) continue;
    const send = (params: Record<string, unknown>) =>
      session.request(list.method, { ...params, _meta: { [SURFACE_META_KEY]: true } });
    try {
      await listItems(send, list.method, list.field, { optional: list.optional });
      listed.push(list.method);
    } catch {
      break;
    }
  }
  return listed;
}
