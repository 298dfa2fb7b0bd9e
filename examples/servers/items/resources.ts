/** @module The items resources: items://{id} as JSON, with the missing-resource error code of the scenario. */

import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import type { RequestHandlerExtra } from "@modelcontextprotocol/sdk/shared/protocol.js";
import {
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  type ReadResourceResult,
  type ServerNotification,
  type ServerRequest,
} from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import { type Scenario, scenarioOf, unknownResource } from "./scenario.ts";
import type { ItemStore } from "./store.ts";
import { ErrorCodes, WireError } from "./wire_error.ts";

const MIME = "application/json";
const ITEM_URI = /^items:\/\/([1-9][0-9]*)$/;

/**
 * resources/read with `uri` checked by hand: a missing or non-string uri is -32602 (the SDK's own
 * schema would turn it into -32603).
 */
const ReadRequestSchema = z.object({
  method: z.literal("resources/read"),
  params: z.looseObject({}).optional(),
});

type ReadRequest = z.infer<typeof ReadRequestSchema>;
/** The handler context (annotated: the SDK's callback types do not infer under Deno). */
type Extra = RequestHandlerExtra<ServerRequest, ServerNotification>;

/**
 * Install resources/list, resources/templates/list and resources/read on the low-level server.
 * Low level on purpose: the missing-resource error must reach the wire with exactly the code and
 * message of the request's scenario, which McpServer's own read handler does not allow.
 */
export function registerResources(server: Server, store: ItemStore, fallback: Scenario): void {
  server.registerCapabilities({ resources: {} });

  server.setRequestHandler(ListResourcesRequestSchema, () => ({
    resources: store.list().map((item) => ({
      uri: `items://${item.id}`,
      name: `item-${item.id}`,
      title: item.name,
      mimeType: MIME,
    })),
  }));

  server.setRequestHandler(ListResourceTemplatesRequestSchema, () => ({
    resourceTemplates: [{
      uriTemplate: "items://{id}",
      name: "item",
      title: "Item by id",
      description: "One item of the store as JSON",
      mimeType: MIME,
    }],
  }));

  server.setRequestHandler(ReadRequestSchema, (
    request: ReadRequest,
    extra: Extra,
  ): ReadResourceResult => {
    const uri: unknown = request.params?.["uri"];
    if (typeof uri !== "string") {
      throw new WireError(ErrorCodes.invalidParams, "invalid params: uri must be a string");
    }
    const id = ITEM_URI.exec(uri)?.[1];
    const item = id === undefined ? undefined : store.get(Number(id));
    if (!item) throw unknownResource(uri, scenarioOf(extra.requestInfo?.url, fallback));
    return { contents: [{ uri, mimeType: MIME, text: JSON.stringify(item) }] };
  });
}
