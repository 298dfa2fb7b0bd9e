/** @module The example tools: items (create, get, search) and helpers for matchers and budgets. */

import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { RequestHandlerExtra } from "@modelcontextprotocol/sdk/shared/protocol.js";
import type {
  CallToolResult,
  ServerNotification,
  ServerRequest,
} from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import type { Item, ItemStore } from "./store.ts";

/** The handler context (annotated: the SDK's callback types do not infer under Deno). */
type Extra = RequestHandlerExtra<ServerRequest, ServerNotification>;

const MAX_DELAY_MS = 60_000;
const MAX_KB = 10_240;

const itemShape = {
  id: z.number().int().describe("Item id"),
  name: z.string().describe("Item name"),
  tags: z.array(z.string()).describe("Item tags"),
};

const itemsShape = { items: z.array(z.object(itemShape)), count: z.number().int() };

const readOnly = { readOnlyHint: true, openWorldHint: false } as const;

/** A result with structured content, serialised as JSON text too. */
function structured(value: Record<string, unknown>): CallToolResult {
  return { content: [{ type: "text", text: JSON.stringify(value) }], structuredContent: value };
}

function text(value: string): CallToolResult {
  return { content: [{ type: "text", text: value }] };
}

function toolError(message: string): CallToolResult {
  return { content: [{ type: "text", text: message }], isError: true };
}

function itemRecord(item: Item): Record<string, unknown> {
  return { id: item.id, name: item.name, tags: [...item.tags] };
}

/** Resolve after `ms`, or reject when the request is cancelled. */
function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new Error("Request cancelled"));
    };
    signal.addEventListener("abort", onAbort, { once: true });
  });
}

/** About `kb` KiB of word-like filler, so token counters see many tokens. */
function filler(kb: number): string {
  const words = ["lorem", "ipsum", "dolor", "sit", "amet", "consectetur", "adipiscing", "elit"];
  const target = kb * 1024;
  const parts: string[] = [];
  let length = 0;
  for (let i = 0; length < target; i++) {
    const word = words[i % words.length] ?? "x";
    parts.push(word);
    length += word.length + 1;
  }
  return parts.join(" ").slice(0, target);
}

/** Register every tool on `server` (item tools share `store`); returns the tool names. */
export function registerTools(server: McpServer, store: ItemStore): ReadonlySet<string> {
  // Keyed by the registered name, so the names can be handed to the request gate.
  const tools = {
    create_item: server.registerTool(
      "create_item",
      {
        title: "Create item",
        description: "Create an item and return it (kept in memory for this server process)",
        inputSchema: {
          name: z.string().min(1).describe("Item name"),
          tags: z.array(z.string()).optional().describe("Optional tags"),
        },
        outputSchema: itemShape,
        annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: false },
      },
      ({ name, tags }: { name: string; tags?: string[] | undefined }) =>
        structured(itemRecord(store.create(name, tags ?? []))),
    ),

    get_item: server.registerTool("get_item", {
      title: "Get item",
      description: "Return one item by id (isError when there is no such item)",
      inputSchema: { id: z.number().int().describe("Item id") },
      outputSchema: itemShape,
      annotations: readOnly,
    }, ({ id }: { id: number }) => {
      const item = store.get(id);
      return item ? structured(itemRecord(item)) : toolError(`item ${id} not found`);
    }),

    search_items: server.registerTool("search_items", {
      title: "Search items",
      description: "Find items whose name or a tag contains the query (case-insensitive)",
      inputSchema: { query: z.string().describe("Text to look for") },
      outputSchema: itemsShape,
      annotations: readOnly,
    }, ({ query }: { query: string }) => {
      const items = store.search(query).map(itemRecord);
      return structured({ items, count: items.length });
    }),

    list_items: server.registerTool("list_items", {
      title: "List items",
      description: "Return every item (no arguments)",
      outputSchema: itemsShape,
      annotations: readOnly,
    }, () => {
      const items = store.list().map(itemRecord);
      return structured({ items, count: items.length });
    }),

    echo: server.registerTool("echo", {
      title: "Echo",
      description: "Return the text unchanged",
      inputSchema: { text: z.string().describe("Text to echo") },
      annotations: readOnly,
    }, ({ text: value }: { text: string }) => text(value)),

    add: server.registerTool("add", {
      title: "Add",
      description: "Add two numbers; the sum is in structuredContent.sum",
      inputSchema: { a: z.number(), b: z.number() },
      outputSchema: { sum: z.number() },
      annotations: readOnly,
    }, ({ a, b }: { a: number; b: number }) => structured({ sum: a + b })),

    fail: server.registerTool(
      "fail",
      {
        title: "Fail",
        description: "Always return a tool error (isError: true)",
        inputSchema: { message: z.string().optional().describe("Error text to return") },
        annotations: readOnly,
      },
      ({ message }: { message?: string | undefined }) =>
        toolError(message ?? "this tool always fails"),
    ),

    slow: server.registerTool("slow", {
      title: "Slow",
      description: `Wait delay_ms (at most ${MAX_DELAY_MS}) before answering, for latency budgets`,
      inputSchema: { delay_ms: z.number().int().min(0).max(MAX_DELAY_MS) },
      annotations: readOnly,
    }, async ({ delay_ms }: { delay_ms: number }, extra: Extra) => {
      await sleep(delay_ms, extra.signal);
      return text(`slept ${delay_ms} ms`);
    }),

    big: server.registerTool("big", {
      title: "Big",
      description: `Return about kb KiB (at most ${MAX_KB}) of filler text, for token budgets`,
      inputSchema: { kb: z.number().int().min(1).max(MAX_KB) },
      annotations: readOnly,
    }, ({ kb }: { kb: number }) => text(filler(kb))),
  };
  return new Set(Object.keys(tools));
}
