/** @module The mock server over Streamable HTTP: POST JSON-RPC, answers as JSON or an SSE stream. */

import type { Cassette } from "../../2_connect/cassette/format.ts";
import { MockResponder } from "./mock.ts";
import { type HttpGuard, refusal } from "./http_guard.ts";

/** A running HTTP mock. */
export interface HttpMock {
  /** `http://host:port/mcp`. */
  readonly url: string;
  /** Stop serving (idempotent). */
  stop(): Promise<void>;
  /** Resolves when the server stopped. */
  readonly finished: Promise<void>;
}

/**
 * Serve `cassette` over Streamable HTTP on `hostname:port` (port 0: a free one). Each session
 * (`Mcp-Session-Id`, issued on initialize) gets its own replay order; sessionless requests share
 * one. A response with notifications is an SSE stream, a lone response a JSON body. Requests
 * from a foreign Host or Origin are refused with 403 (DNS rebinding), see {@link HttpGuard}.
 */
export function serveHttp(
  cassette: Cassette,
  where: string,
  hostname: string,
  port: number,
  guard: HttpGuard = {},
): Promise<HttpMock> {
  const sessions = new Map<string, MockResponder>();
  const shared = new MockResponder(cassette, where);
  return new Promise((resolve) => {
    // onListen may run before Deno.serve returns: hand the server over once it exists.
    let listening: Deno.NetAddr | undefined;
    const box: { server?: Deno.HttpServer<Deno.NetAddr> } = {};
    const ready = () => {
      if (!listening || !box.server) return;
      const running = box.server;
      const host = listening.hostname.includes(":")
        ? `[${listening.hostname}]`
        : listening.hostname;
      resolve({
        url: `http://${host}:${listening.port}/mcp`,
        stop: async () => {
          await running.shutdown().catch(() => {});
        },
        finished: running.finished,
      });
    };
    box.server = Deno.serve({
      hostname,
      port,
      onListen: (addr) => {
        listening = addr;
        ready();
      },
    }, async (req) => {
      const refused = refusal(req, guard, hostname);
      if (refused) return refused;
      if (req.method === "DELETE") return new Response(null, { status: 200 });
      if (req.method !== "POST") {
        return new Response(null, { status: 405, headers: { allow: "POST, DELETE" } });
      }
      let parsed: unknown;
      try {
        parsed = await req.json();
      } catch (error) {
        return Response.json({
          jsonrpc: "2.0",
          id: null,
          error: { code: -32700, message: `Parse error: ${(error as Error).message}` },
        }, { status: 400 });
      }
      const messages = Array.isArray(parsed) ? parsed : [parsed];
      const isInit = messages.some((m) => m?.method === "initialize");
      let sessionId = req.headers.get("mcp-session-id") ?? undefined;
      const headers: Record<string, string> = {};
      if (isInit) {
        sessionId = crypto.randomUUID();
        sessions.set(sessionId, new MockResponder(cassette, where));
        headers["mcp-session-id"] = sessionId;
      }
      const responder = (sessionId && sessions.get(sessionId)) || shared;
      const replies = messages.flatMap((m) => responder.answer(m));
      if (replies.length === 0) return new Response(null, { status: 202, headers });
      if (replies.length === 1 && !Array.isArray(parsed)) {
        return Response.json(replies[0], { headers });
      }
      const body = replies.map((r) => `event: message\ndata: ${JSON.stringify(r)}\n\n`).join("");
      return new Response(body, {
        headers: { ...headers, "content-type": "text/event-stream", "cache-control": "no-cache" },
      });
    });
    ready();
  });
}

/** Parse `--http [HOST:]PORT`: `8080`, `127.0.0.1:8080`, `[::1]:0`. Host defaults to 127.0.0.1. */
export function parseListen(value: string): { hostname: string; port: number } | undefined {
  const match = /^(?:(\[[^\]]+\]|[^:]+):)?(\d{1,5})$/.exec(value.trim());
  if (!match) return undefined;
  const port = Number(match[2]);
  if (port > 65535) return undefined;
  const host = match[1] ?? "127.0.0.1";
  return { hostname: host.startsWith("[") ? host.slice(1, -1) : host, port };
}
