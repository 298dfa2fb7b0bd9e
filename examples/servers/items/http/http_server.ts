/** @module The HTTP front: routes /mcp, /sse and /messages on 127.0.0.1, adds x-served-by, guards Origin. */

import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { ItemsContext } from "../create_server.ts";
import { ErrorCodes } from "../wire_error.ts";
import { SseSessions } from "./legacy_sse.ts";
import { originAllowed } from "./origin.ts";
import { isStatelessPost, serveSessionless } from "./sessionless.ts";
import { StreamableSessions } from "./streamable_sessions.ts";
import { header, readBody, sendRpcError } from "./wire.ts";

/** A listening HTTP server. */
export interface HttpHandle {
  readonly port: number;
  /** The Streamable HTTP endpoint, `http://127.0.0.1:<port>/mcp`. */
  readonly url: string;
  /** Close every session and stop listening. */
  close(): Promise<void>;
}

interface Routes {
  readonly context: ItemsContext;
  readonly streamable: StreamableSessions;
  readonly sse: SseSessions;
}

/** Headers every response carries (the seed's `response_headers` budget checks them). */
const SERVED_BY = { name: "x-served-by", value: "mcp-edge" } as const;

/** How long close() waits for open connections to end. */
const CLOSE_GRACE_MS = 2_000;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function opensSession(message: unknown): boolean {
  const messages = Array.isArray(message) ? message : [message];
  return messages.some((m) => isRecord(m) && m.method === "initialize");
}

function methodNotAllowed(res: ServerResponse, allow: string): void {
  res.setHeader("allow", allow);
  sendRpcError(res, 405, null, -32000, "Method not allowed");
}

async function serveMcp(req: IncomingMessage, res: ServerResponse, url: URL, routes: Routes) {
  const session = header(req, "mcp-session-id");
  if (req.method !== "POST") {
    if ((req.method === "GET" || req.method === "DELETE") && session !== undefined) {
      return await routes.streamable.handle(req, res, undefined);
    }
    return methodNotAllowed(res, "POST");
  }
  let text: string;
  try {
    text = await readBody(req);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return sendRpcError(res, 413, null, ErrorCodes.invalidRequest, `Request too large: ${reason}`);
  }
  let message: unknown;
  try {
    message = JSON.parse(text);
  } catch {
    return sendRpcError(res, 400, null, ErrorCodes.parseError, "Parse error: invalid JSON");
  }
  if (isStatelessPost(routes.context, req, message)) {
    return await serveSessionless(routes.context, req, res, url, message);
  }
  if (session !== undefined || opensSession(message)) {
    return await routes.streamable.handle(req, res, message);
  }
  if (Array.isArray(message)) {
    return sendRpcError(res, 400, null, ErrorCodes.invalidRequest, "Batches need a session");
  }
  await serveSessionless(routes.context, req, res, url, message);
}

async function route(req: IncomingMessage, res: ServerResponse, routes: Routes): Promise<void> {
  res.setHeader(SERVED_BY.name, SERVED_BY.value);
  const url = new URL(req.url ?? "/", `http://${header(req, "host") ?? "127.0.0.1"}`);
  if (!originAllowed(req)) {
    return sendRpcError(res, 403, null, -32000, "Forbidden: Origin is not a loopback host");
  }
  switch (url.pathname) {
    case "/mcp":
      return await serveMcp(req, res, url, routes);
    case "/sse":
      return req.method === "GET" ? await routes.sse.open(res, url) : methodNotAllowed(res, "GET");
    case "/messages":
      return req.method === "POST"
        ? await routes.sse.post(req, res, url)
        : methodNotAllowed(res, "POST");
    default:
      res.writeHead(404, { "content-type": "text/plain" }).end("not found");
  }
}

/** Listen on 127.0.0.1:`port` (0 = a free port). */
export function serveHttp(context: ItemsContext, port: number): Promise<HttpHandle> {
  const routes: Routes = {
    context,
    streamable: new StreamableSessions(context),
    sse: new SseSessions(context),
  };
  const server = createServer((req, res) => {
    route(req, res, routes).catch((error: unknown) => {
      console.error(`items server: ${error instanceof Error ? error.message : String(error)}`);
      if (!res.headersSent) {
        sendRpcError(res, 500, null, ErrorCodes.internalError, "Internal error");
      } else res.end();
    });
  });
  const { promise, resolve, reject } = Promise.withResolvers<HttpHandle>();
  server.once("error", reject);
  server.listen(port, "127.0.0.1", () => {
    const address = server.address();
    const bound = typeof address === "object" && address !== null ? address.port : port;
    resolve({
      port: bound,
      url: `http://127.0.0.1:${bound}/mcp`,
      close: async () => {
        await routes.streamable.closeAll();
        await routes.sse.closeAll();
        const closed = new Promise<void>((done) => server.close(() => done()));
        server.closeAllConnections();
        // Do not let a lingering keep-alive connection hold the shutdown.
        let timer: ReturnType<typeof setTimeout> | undefined;
        const grace = new Promise<void>((done) => timer = setTimeout(done, CLOSE_GRACE_MS));
        await Promise.race([closed, grace]);
        clearTimeout(timer);
      },
    });
  });
  return promise;
}
