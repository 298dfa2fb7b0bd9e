/** @module `subscriptions/listen` (2026-07-28): acknowledge the filter first, tag every message, hold the stream until cancelled. */

import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import type { RequestHandlerExtra } from "@modelcontextprotocol/sdk/shared/protocol.js";
import type { ServerNotification, ServerRequest } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import type { RequestId } from "./rpc.ts";

/** The first message of every subscription stream. */
export const SUBSCRIPTION_ACK = "notifications/subscriptions/acknowledged";
/** `_meta` key tying a message to its subscription (the listen request's id). */
export const META_SUBSCRIPTION_ID = "io.modelcontextprotocol/subscriptionId";

/**
 * Filter fields this server honours. Its tools and prompts never change while it runs, so it
 * honours those two (and has nothing to send on them); it does not promise resources list
 * changes or per-resource updates, so those fields are left out of the acknowledgment.
 */
const HONOURED = ["toolsListChanged", "promptsListChanged"] as const;

type Extra = RequestHandlerExtra<ServerRequest, ServerNotification>;
type ListenRequest = z.infer<typeof ListenRequestSchema>;

const ListenRequestSchema = z.object({
  method: z.literal("subscriptions/listen"),
  params: z.looseObject({}).optional(),
});

/** The part of the requested filter the server agrees to honour. */
export function acknowledgedFilter(params: unknown): Record<string, true> {
  const asked = typeof params === "object" && params !== null
    ? (params as Record<string, unknown>).notifications
    : undefined;
  const filter: Record<string, true> = {};
  if (typeof asked !== "object" || asked === null) return filter;
  for (const field of HONOURED) {
    if ((asked as Record<string, unknown>)[field] === true) filter[field] = true;
  }
  return filter;
}

/** The acknowledgment notification of the listen request `id`. */
export function acknowledgment(id: RequestId, params: unknown) {
  return {
    jsonrpc: "2.0" as const,
    method: SUBSCRIPTION_ACK,
    params: { _meta: { [META_SUBSCRIPTION_ID]: id }, notifications: acknowledgedFilter(params) },
  };
}

/**
 * Serve `subscriptions/listen` on a connection that carries notifications (stdio, sessions):
 * send the acknowledgment, then hold the request open until the client cancels it
 * (notifications/cancelled) or the connection closes. Over sessionless HTTP the stream is written
 * by the HTTP front instead (items/http/listen_stream.ts).
 */
export function registerSubscriptions(server: Server): void {
  server.setRequestHandler(ListenRequestSchema, async (request: ListenRequest, extra: Extra) => {
    const ack = acknowledgment(extra.requestId, request.params);
    await extra.sendNotification({ method: ack.method, params: ack.params } as ServerNotification);
    await new Promise<void>((resolve) => {
      if (extra.signal.aborted) resolve();
      extra.signal.addEventListener("abort", () => resolve(), { once: true });
    });
    return { _meta: { [META_SUBSCRIPTION_ID]: extra.requestId } };
  });
}
