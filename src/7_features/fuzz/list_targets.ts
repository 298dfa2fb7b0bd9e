/** @module Lists what the fuzzed server offers (tools, prompts, resource templates) on the pool's session. */

import { McptestError } from "../../0_base/errors/errors.ts";
import { ExitCode } from "../../0_base/errors/exit_codes.ts";
import type { ServerPool } from "./server_pool.ts";

/** The most pages one list is followed for. */
const MAX_PAGES = 100;

type Item = Readonly<Record<string, unknown>>;

/** What the server lists, by kind (a capability it lacks lists nothing). */
export interface Listed {
  readonly tools: readonly Item[];
  readonly prompts: readonly Item[];
  readonly templates: readonly Item[];
}

/** List every page of one list method. @throws {McptestError} the list failed (exit 1) */
async function listAll(pool: ServerPool, method: string, field: string, optional: boolean) {
  const items: Item[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const exchange = await pool.request(method, cursor === undefined ? {} : { cursor });
    const response = exchange.response;
    if (exchange.failure || !response || response.error !== undefined) {
      if (optional && response?.error !== undefined) return items;
      const why = exchange.failure?.message ?? response?.error?.message ?? "no response";
      throw new McptestError(`${method} failed: ${why}`, ExitCode.TestsFailed);
    }
    const result = (response.result ?? {}) as Record<string, unknown>;
    const list = result[field];
    if (Array.isArray(list)) {
      for (const item of list) {
        if (item !== null && typeof item === "object" && !Array.isArray(item)) items.push(item);
      }
    }
    cursor = typeof result["nextCursor"] === "string" ? result["nextCursor"] : undefined;
    if (cursor === undefined) break;
  }
  return items;
}

/** The tools, prompts and resource templates the server advertises. */
export async function listTargets(pool: ServerPool): Promise<Listed> {
  const caps = (await pool.session()).serverCapabilities ?? {};
  const has = (key: string) => Object.hasOwn(caps, key);
  return {
    tools: has("tools") ? await listAll(pool, "tools/list", "tools", false) : [],
    prompts: has("prompts") ? await listAll(pool, "prompts/list", "prompts", false) : [],
    templates: has("resources")
      ? await listAll(pool, "resources/templates/list", "resourceTemplates", true)
      : [],
  };
}
