/** @module Build one items McpServer (tools, resources, prompts, discover) and connect it behind a RequestGate. */

import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { registerDiscover } from "./discover.ts";
import { type Era, INSTRUCTIONS, SERVER_INFO } from "./era.ts";
import { registerPrompts } from "./prompts.ts";
import { RequestGate } from "./request_gate.ts";
import { registerResources } from "./resources.ts";
import type { Scenario } from "./scenario.ts";
import type { ItemStore } from "./store.ts";
import { registerSubscriptions } from "./subscriptions.ts";
import { registerTools } from "./tools.ts";

/** What every server instance of one process shares. */
export interface ItemsContext {
  readonly store: ItemStore;
  /** The scenario of requests that do not choose one with `?scenario=`. */
  readonly scenario: Scenario;
  readonly era: Era;
}

/** A new server over the shared store, with the names of its tools. */
export function createItemsServer(
  context: ItemsContext,
): { readonly server: McpServer; readonly tools: ReadonlySet<string> } {
  const server = new McpServer({ ...SERVER_INFO }, { instructions: INSTRUCTIONS });
  const tools = registerTools(server, context.store);
  registerPrompts(server, context.store);
  registerResources(server.server, context.store, context.scenario);
  if (context.era === "dual") {
    registerSubscriptions(server.server);
    registerDiscover(server.server);
  }
  return { server, tools };
}

/**
 * Create a server and connect it to `transport` through a {@link RequestGate}. One server serves
 * one connection (stdio, an HTTP session, an SSE stream) or one sessionless request.
 */
export async function connectItemsServer(
  context: ItemsContext,
  transport: Transport,
  lenient: boolean,
): Promise<McpServer> {
  const { server, tools } = createItemsServer(context);
  await server.connect(new RequestGate(transport, { era: context.era, tools, lenient }));
  return server;
}
