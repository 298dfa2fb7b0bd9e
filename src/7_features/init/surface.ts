/** @module Connect to a server and read what it advertises: tools, resources, resource templates, prompts. */

import { ConfigError } from "../../0_base/errors/errors.ts";
import { connect } from "../../2_connect/session/connect.ts";
import type { ServerEndpoint, Session } from "../../2_connect/session/types.ts";

/** One advertised item, as the server described it (`name`, `uri`, schemas, ...). */
export type Advertised = Readonly<Record<string, unknown>>;

/** What a server offers. A list the server does not support is empty. */
export interface InitSurface {
  /** Its tools. */
  readonly tools: readonly Advertised[];
  /** Its resources. */
  readonly resources: readonly Advertised[];
  /** Its resource templates. */
  readonly resourceTemplates: readonly Advertised[];
  /** Its prompts. */
  readonly prompts: readonly Advertised[];
  /** serverInfo from the handshake, when the server sent one. */
  readonly serverInfo: Readonly<Record<string, unknown>> | null;
}

/** The most pages one list is followed for (a server that always sends a cursor stops here). */
export const MAX_PAGES = 50;

/**
 * Connect, list everything the server advertises (following `nextCursor`), close.
 * @throws ConnectError when the server cannot be reached; ConfigError when a list call fails
 */
export async function readSurface(server: ServerEndpoint): Promise<InitSurface> {
  const session = await connect(server, { capture: false });
  try {
    const caps = session.serverCapabilities ?? {};
    const has = (key: string) => Object.hasOwn(caps, key);
    return {
      tools: has("tools") ? await listAll(session, "tools/list", "tools") : [],
      resources: has("resources") ? await listAll(session, "resources/list", "resources") : [],
      resourceTemplates: has("resources")
        ? await listAll(session, "resources/templates/list", "resourceTemplates", true)
        : [],
      prompts: has("prompts") ? await listAll(session, "prompts/list", "prompts") : [],
      serverInfo: session.serverInfo,
    };
  } finally {
    await session.close();
  }
}

async function listAll(
  session: Session,
  method: string,
  key: string,
  optional = false,
): Promise<Advertised[]> {
  const items: Advertised[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const exchange = await session.request(method, cursor === undefined ? {} : { cursor });
    const response = exchange.response;
    if (exchange.failure || !response || response.error !== undefined) {
      // resources/templates/list is optional even for a server with resources.
      if (optional && response?.error !== undefined) return items;
      const why = exchange.failure?.message ?? response?.error?.message ?? "no response";
      throw new ConfigError(`${method} failed: ${why}`);
    }
    const result = (response.result ?? {}) as Record<string, unknown>;
    const list = result[key];
    if (Array.isArray(list)) {
      for (const item of list) {
        if (item !== null && typeof item === "object") items.push(item as Advertised);
      }
    }
    cursor = typeof result.nextCursor === "string" ? result.nextCursor : undefined;
    if (cursor === undefined) break;
  }
  return items;
}
