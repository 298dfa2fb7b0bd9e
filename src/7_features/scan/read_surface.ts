/** @module Connect to a server through the session layer and list its whole surface: tools, prompts, resources, templates. */

import { connect } from "../../2_connect/session/connect.ts";
import type { ServerEndpoint, Session } from "../../2_connect/session/types.ts";
import { McptestError } from "../../0_base/errors/errors.ts";
import { ExitCode } from "../../0_base/errors/exit_codes.ts";
import type { ItemKind, ServerSurface, SurfaceItem } from "./types.ts";

/** The most pages one list is followed for (a server that always sends a cursor stops here). */
export const MAX_PAGES = 100;

/** How each kind is listed: method, result field, key field, capability. */
const LISTS: ReadonlyArray<{
  kind: ItemKind;
  method: string;
  field: string;
  key: string;
  capability: string;
  optional: boolean;
}> = [
  {
    kind: "tool",
    method: "tools/list",
    field: "tools",
    key: "name",
    capability: "tools",
    optional: false,
  },
  {
    kind: "prompt",
    method: "prompts/list",
    field: "prompts",
    key: "name",
    capability: "prompts",
    optional: false,
  },
  {
    kind: "resource",
    method: "resources/list",
    field: "resources",
    key: "uri",
    capability: "resources",
    optional: false,
  },
  {
    kind: "resource_template",
    method: "resources/templates/list",
    field: "resourceTemplates",
    key: "name",
    capability: "resources",
    optional: true,
  },
];

/**
 * Connect, list every kind the server advertises (following `nextCursor`), close.
 * @throws ConnectError when the server cannot be reached; McptestError (exit 1) when a list fails
 */
export async function readSurface(
  server: ServerEndpoint,
  timeoutMs?: number,
): Promise<ServerSurface> {
  const session = await connect(server, {
    capture: false,
    ...(timeoutMs === undefined ? {} : { timeoutMs }),
  });
  try {
    const caps = session.serverCapabilities ?? {};
    const items: SurfaceItem[] = [];
    for (const list of LISTS) {
      if (!Object.hasOwn(caps, list.capability)) continue;
      for (
        const value of await listAll(session, list.method, list.field, list.optional, timeoutMs)
      ) {
        const key = value[list.key];
        items.push({ kind: list.kind, key: typeof key === "string" ? key : "", value });
      }
    }
    return { server: server.name, items };
  } finally {
    await session.close();
  }
}

async function listAll(
  session: Session,
  method: string,
  field: string,
  optional: boolean,
  timeoutMs: number | undefined,
): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const exchange = await session.request(
      method,
      cursor === undefined ? {} : { cursor },
      timeoutMs === undefined ? {} : { timeoutMs },
    );
    const response = exchange.response;
    if (exchange.failure || !response || response.error !== undefined) {
      // resources/templates/list is optional even for a server with resources.
      if (optional && response?.error !== undefined) return items;
      const why = exchange.failure?.message ?? response?.error?.message ?? "no response";
      throw new McptestError(`${method} failed: ${why}`, ExitCode.TestsFailed);
    }
    const result = (response.result ?? {}) as Record<string, unknown>;
    const list = result[field];
    if (Array.isArray(list)) {
      for (const item of list) {
        if (item !== null && typeof item === "object" && !Array.isArray(item)) {
          items.push(item as Record<string, unknown>);
        }
      }
    }
    cursor = typeof result["nextCursor"] === "string" ? result["nextCursor"] : undefined;
    if (cursor === undefined) break;
  }
  return items;
}
