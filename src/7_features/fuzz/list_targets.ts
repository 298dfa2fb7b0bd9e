/** @module Lists what the fuzzed server offers (tools, prompts, resource templates) on the pool's session. */

import { listItems } from "../../2_connect/session/list_items.ts";
import type { ServerPool } from "./server_pool.ts";

type Item = Readonly<Record<string, unknown>>;

/** What the server lists, by kind (a capability it lacks lists nothing). */
export interface Listed {
  readonly tools: readonly Item[];
  readonly prompts: readonly Item[];
  readonly templates: readonly Item[];
}

/** The tools, prompts and resource templates the server advertises. */
export async function listTargets(pool: ServerPool): Promise<Listed> {
  const caps = (await pool.session()).serverCapabilities ?? {};
  const has = (key: string) => Object.hasOwn(caps, key);
  return {
    tools: has("tools") ? await listOf(pool, "tools/list", "tools") : [],
    prompts: has("prompts") ? await listOf(pool, "prompts/list", "prompts") : [],
    templates: has("resources")
      ? await listOf(pool, "resources/templates/list", "resourceTemplates", true)
      : [],
  };
}

/** Every item of one list, through the pool's session. @throws {McptestError} the list failed (exit 1) */
function listOf(pool: ServerPool, method: string, field: string, optional = false) {
  return listItems((params) => pool.request(method, params), method, field, { optional });
}
