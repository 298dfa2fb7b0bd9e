/** @module Connect to a server through the session layer and list its whole surface: tools, prompts, resources, templates. */

import { connect } from "../../2_connect/session/connect.ts";
import type { ServerEndpoint } from "../../2_connect/session/types.ts";
import { listItems } from "../../2_connect/session/list_items.ts";
import type { ItemKind, ServerSurface, SurfaceItem } from "./types.ts";

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
        const value of await listItems(
          (params) =>
            session.request(list.method, params, timeoutMs === undefined ? {} : { timeoutMs }),
          list.method,
          list.field,
          { optional: list.optional },
        )
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
