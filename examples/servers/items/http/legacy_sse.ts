/** @module The 2024-11-05 HTTP+SSE transport: GET /sse opens a stream (first event `endpoint`), POST /messages?sessionId= feeds it. */

import type { IncomingMessage, ServerResponse } from "node:http";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { SSEServerTransport } from "@modelcontextprotocol/sdk/server/sse.js";
import { connectItemsServer, type ItemsContext } from "../create_server.ts";
import { sendRpcError } from "./wire.ts";

interface SseSession {
  readonly transport: SSEServerTransport;
  readonly server: McpServer;
}

/** Open SSE streams by session id (the SDK's SSEServerTransport, one server each). */
export class SseSessions {
  readonly #context: ItemsContext;
  readonly #sessions = new Map<string, SseSession>();

  constructor(context: ItemsContext) {
    this.#context = context;
  }

  /**
   * GET /sse: open a stream. A `?scenario=` on this URL is carried into the announced POST
   * endpoint, so every message of the session is served in that scenario.
   */
  async open(res: ServerResponse, url: URL): Promise<void> {
    const scenario = url.searchParams.get("scenario");
    const endpoint = scenario === null
      ? "/messages"
      : `/messages?scenario=${encodeURIComponent(scenario)}`;
    const transport = new SSEServerTransport(endpoint, res);
    const id = transport.sessionId;
    const server = await connectItemsServer(this.#context, transport, false);
    this.#sessions.set(id, { transport, server });
    res.once("close", () => {
      this.#sessions.delete(id);
      void server.close();
    });
  }

  /** POST /messages?sessionId=...: hand one message to its stream's server (202). */
  async post(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const id = url.searchParams.get("sessionId");
    const session = id === null ? undefined : this.#sessions.get(id);
    if (!session) return sendRpcError(res, 404, null, -32001, "Session not found");
    await session.transport.handlePostMessage(req, res);
  }

  /** End every stream. */
  async closeAll(): Promise<void> {
    const sessions = [...this.#sessions.values()];
    this.#sessions.clear();
    await Promise.all(sessions.map((session) => session.server.close()));
  }
}
