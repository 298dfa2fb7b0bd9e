/** @module Stateful Streamable HTTP sessions: one SDK transport and one server per `Mcp-Session-Id`. */

import type { IncomingMessage, ServerResponse } from "node:http";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { connectItemsServer, type ItemsContext } from "../create_server.ts";
import { header, sendRpcError } from "./wire.ts";

/** Sessions opened by `initialize` POSTs, found again by their `Mcp-Session-Id`. */
export class StreamableSessions {
  readonly #context: ItemsContext;
  readonly #sessions = new Map<string, StreamableHTTPServerTransport>();

  constructor(context: ItemsContext) {
    this.#context = context;
  }

  /**
   * Handle a request that names a session (POST, GET or DELETE), or an initialize POST without one,
   * which opens a session. `body` is the parsed JSON of a POST.
   */
  async handle(req: IncomingMessage, res: ServerResponse, body: unknown): Promise<void> {
    const id = header(req, "mcp-session-id");
    if (id === undefined) return await this.#open(req, res, body);
    const transport = this.#sessions.get(id);
    if (!transport) return sendRpcError(res, 404, null, -32001, "Session not found");
    await transport.handleRequest(req, res, body);
  }

  /** Close every session (closing a transport closes its server). */
  async closeAll(): Promise<void> {
    const transports = [...this.#sessions.values()];
    this.#sessions.clear();
    await Promise.all(transports.map((transport) => transport.close()));
  }

  async #open(req: IncomingMessage, res: ServerResponse, body: unknown): Promise<void> {
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => crypto.randomUUID(),
      // Registered before the initialize response leaves, so the client's next request finds it.
      onsessioninitialized: (id: string) => void this.#sessions.set(id, transport),
    });
    const server = await connectItemsServer(this.#context, transport, false);
    server.server.onclose = () => {
      if (transport.sessionId !== undefined) this.#sessions.delete(transport.sessionId);
    };
    await transport.handleRequest(req, res, body);
    // The SDK refused the initialize (406, 415, ...): no session was opened.
    if (transport.sessionId === undefined) await server.close();
  }
}
