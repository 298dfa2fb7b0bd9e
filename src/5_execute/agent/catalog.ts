/** @module The merged tool catalog of an agent test's servers: listing through our session layer, and visible collision resolution. */

import type { Session } from "../../2_connect/session/types.ts";
import type { CatalogTool } from "./model_client.ts";

/** A tool as a server listed it. */
export interface ListedTool {
  readonly name: string;
  readonly description: string;
  readonly inputSchema: Record<string, unknown>;
}

/** Maximum `tools/list` pages read from one server. */
const MAX_PAGES = 100;

/**
 * Every tool a session lists, following `nextCursor`.
 * @throws {Error} a failed or malformed `tools/list`
 */
export async function listTools(session: Session): Promise<ListedTool[]> {
  const tools: ListedTool[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const exchange = await session.request("tools/list", cursor ? { cursor } : {});
    const response = exchange.response as
      | { result?: unknown; error?: { message?: string } }
      | undefined;
    if (exchange.failure || !response) {
      throw new Error(`tools/list failed: ${exchange.failure?.message ?? "no response"}`);
    }
    if (response.error) throw new Error(`tools/list failed: ${response.error.message ?? "error"}`);
    const result = (response.result ?? {}) as { tools?: unknown; nextCursor?: unknown };
    for (const tool of Array.isArray(result.tools) ? result.tools : []) {
      const t = tool as Record<string, unknown>;
      if (typeof t.name !== "string") continue;
      tools.push({
        name: t.name,
        description: typeof t.description === "string" ? t.description : "",
        inputSchema: (t.inputSchema && typeof t.inputSchema === "object")
          ? t.inputSchema as Record<string, unknown>
          : { type: "object", properties: {} },
      });
    }
    if (typeof result.nextCursor !== "string" || result.nextCursor === "") break;
    cursor = result.nextCursor;
  }
  return tools;
}

/**
 * Merge the servers' tools into one catalog. A name listed by one server keeps its name; a name
 * listed by several is exposed as `<server>__<name>` on every one of them (so the model sees
 * which server each belongs to), and the merge reports the collision. Names are then made safe for
 * every provider (`[A-Za-z0-9_-]`, at most 64 characters).
 */
export function mergeCatalog(
  servers: ReadonlyArray<{ name: string; key: string; tools: readonly ListedTool[] }>,
): { tools: CatalogTool[]; collisions: string[] } {
  const owners = new Map<string, string[]>();
  for (const server of servers) {
    for (const tool of server.tools) {
      owners.set(tool.name, [...(owners.get(tool.name) ?? []), server.name]);
    }
  }
  const collisions: string[] = [];
  for (const [name, list] of owners) {
    if (list.length > 1) {
      collisions.push(
        `tool "${name}" is listed by ${list.join(", ")}: exposed as ${
          list.map((s) => safeName(`${s}__${name}`)).join(", ")
        }`,
      );
    }
  }
  const used = new Set<string>();
  const tools: CatalogTool[] = [];
  for (const server of servers) {
    for (const tool of server.tools) {
      const clash = (owners.get(tool.name)?.length ?? 0) > 1;
      let exposed = safeName(clash ? `${server.name}__${tool.name}` : tool.name);
      for (let n = 2; used.has(exposed); n++) exposed = safeName(`${exposed.slice(0, 60)}_${n}`);
      used.add(exposed);
      tools.push({
        exposedName: exposed,
        name: tool.name,
        server: server.name,
        serverKey: server.key,
        description: tool.description,
        inputSchema: tool.inputSchema,
      });
    }
  }
  return { tools, collisions };
}

function safeName(name: string): string {
  return name.replace(/[^A-Za-z0-9_-]/g, "_").slice(0, 64);
}
