/** @module A sessionless `subscriptions/listen` POST: an SSE stream whose first event is the acknowledgment, open until the client closes it. */

import type { IncomingMessage, ServerResponse } from "node:http";
import type { RpcRequest } from "../rpc.ts";
import { acknowledgment } from "../subscriptions.ts";

/**
 * Answer with `text/event-stream`, send the acknowledgment (tagged with the request id) and keep
 * the stream open. Closing it is the client's cancellation; the server sends nothing else, since
 * its tools and prompts never change.
 */
export function serveListenStream(
  req: IncomingMessage,
  res: ServerResponse,
  request: RpcRequest,
): Promise<void> {
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
  res.write(
    `event: message\ndata: ${JSON.stringify(acknowledgment(request.id, request.params))}\n\n`,
  );
  return new Promise((resolve) => {
    const done = () => {
      if (!res.writableEnded) res.end();
      resolve();
    };
    req.once("close", done);
    res.once("close", done);
  });
}
