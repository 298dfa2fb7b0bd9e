/** @module The example prompts: summarize_item {id} and greeting {name}. */

import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { GetPromptResult } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import type { ItemStore } from "./store.ts";
import { ErrorCodes, WireError } from "./wire_error.ts";

/** Register every prompt on `server`. */
export function registerPrompts(server: McpServer, store: ItemStore): void {
  server.registerPrompt("summarize_item", {
    title: "Summarize item",
    description: "Ask for a one-line summary of an item",
    argsSchema: { id: z.string().describe("Item id") },
  }, ({ id }: { id: string }): GetPromptResult => {
    const item = store.get(Number(id));
    if (!item) throw new WireError(ErrorCodes.invalidParams, `invalid params: unknown item ${id}`);
    return {
      description: `Summary request for item ${item.id}`,
      messages: [{
        role: "user",
        content: {
          type: "text",
          text: `Summarize this item in one line: ${JSON.stringify(item)}`,
        },
      }],
    };
  });

  server.registerPrompt("greeting", {
    title: "Greeting",
    description: "Greet someone by name",
    argsSchema: { name: z.string().describe("Who to greet") },
  }, ({ name }: { name: string }): GetPromptResult => ({
    messages: [{ role: "user", content: { type: "text", text: `Say hello to ${name}.` } }],
  }));
}
