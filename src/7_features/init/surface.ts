/** @module Connect to a server and read what it advertises: tools, resources, resource templates, prompts. */

import { listItems } from "../../2_connect/session/list_items.ts";
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

/** Every item of one list (a failed list is a ConfigError: init writes nothing). */
async function listAll(
  session: Session,
  method: string,
  key: string,
  optional = false,
): Promise<Advertised[]> {
  const send = (params: Record<string, unknown>) => session.request(method, params);
  const fail = (message: string) => new ConfigError(message);
  return await listItems(send, method, key, { optional, fail }) as Advertised[];
}
