/** @module One POST without a session: a 2026-07-28 stateless request, or a bare legacy-style request (like the hosted test server answers). */

import type { IncomingMessage, ServerResponse } from "node:http";
import { connectItemsServer, type ItemsContext } from "../create_server.ts";
import { META_PROTOCOL_VERSION, requestMeta, STATELESS_VERSION } from "../era.ts";
import { OneShotTransport } from "../one_shot_transport.ts";
import { asRequest, type RpcRequest } from "../rpc.ts";
import { isStatelessRequest, statelessMetaProblem } from "../stateless_meta.ts";
import { ErrorCodes, WireError } from "../wire_error.ts";
import { serveListenStream } from "./listen_stream.ts";
import { header, sendJson, sendRpcError } from "./wire.ts";

/** Methods whose target name travels in `Mcp-Name` (SEP-2243), and the param holding it. */
const NAME_PARAM: Readonly<Record<string, string>> = {
  "tools/call": "name",
  "prompts/get": "name",
  "resources/read": "uri",
};

/** Methods 2026-07-28 removed: a 2026 request for one is an unknown method (404, -32601). */
const REMOVED_IN_2026: ReadonlySet<string> = new Set(["initialize", "ping", "logging/setLevel"]);

/** Decode a SEP-2243 header value: `=?base64?...?=` or plain. */
function decodeHeaderValue(value: string): string {
  const match = /^=\?base64\?(.*)\?=$/.exec(value);
  if (!match) return value;
  const binary = atob(match[1] ?? "");
  return new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}

function mismatch(what: string): WireError {
  return new WireError(ErrorCodes.headerMismatch, `header mismatch: ${what}`);
}

/**
 * The HTTP-level refusal of a 2026 request (always HTTP 400): `_meta` missing or unsupported,
 * then `MCP-Protocol-Version`, `Mcp-Method` and `Mcp-Name` missing or disagreeing with the body.
 */
function statelessHttpProblem(req: IncomingMessage, request: RpcRequest): WireError | undefined {
  const problem = statelessMetaProblem(request.params);
  if (problem) return problem;
  const version = requestMeta(request.params)?.[META_PROTOCOL_VERSION];
  if (header(req, "mcp-protocol-version") !== version) {
    return mismatch(`MCP-Protocol-Version must equal _meta ${META_PROTOCOL_VERSION}`);
  }
  if (header(req, "mcp-method") !== request.method) {
    return mismatch(`Mcp-Method must equal the method "${request.method}"`);
  }
  const nameParam = NAME_PARAM[request.method];
  if (nameParam !== undefined) {
    const name = header(req, "mcp-name");
    const expected = (request.params as Record<string, unknown> | undefined)?.[nameParam];
    if (name === undefined || decodeHeaderValue(name) !== expected) {
      return mismatch(`Mcp-Name must equal params.${nameParam}`);
    }
  }
  return undefined;
}

/**
 * Whether a POST is a 2026-07-28 request (dual era only): its params carry the `_meta` protocol
 * version, or its `MCP-Protocol-Version` header names 2026-07-28. Such a POST is served without a
 * session even when it carries an `Mcp-Session-Id` (2026 has no sessions).
 */
export function isStatelessPost(
  context: ItemsContext,
  req: IncomingMessage,
  body: unknown,
): boolean {
  if (context.era !== "dual") return false;
  const params = typeof body === "object" && body !== null && "params" in body
    ? body.params
    : undefined;
  return isStatelessRequest(params) || header(req, "mcp-protocol-version") === STATELESS_VERSION;
}

/**
 * Serve one sessionless POST body. A request with 2026 `_meta` (or a 2026 `MCP-Protocol-Version`
 * header) in the dual era is checked as 2026-07-28 requires (HTTP 400 with -32602/-32020/-32022,
 * 404 for an unknown method). Any other request is answered as is, without initialize, as the
 * hosted test server does for a bare `curl -d`. Notifications and responses get 202.
 */
export async function serveSessionless(
  context: ItemsContext,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  body: unknown,
): Promise<void> {
  const message = asRequest(body);
  if (message === undefined) {
    const record = typeof body === "object" && body !== null ? body : {};
    if ("jsonrpc" in record && !("id" in record && "method" in record)) {
      res.writeHead(202).end();
      return;
    }
    return sendRpcError(res, 400, null, ErrorCodes.invalidRequest, "Invalid Request");
  }
  const stateless = isStatelessPost(context, req, body);
  if (stateless) {
    const problem = statelessHttpProblem(req, message);
    if (problem) {
      return sendRpcError(res, 400, message.id, problem.code, problem.message, problem.data);
    }
    if (message.method === "subscriptions/listen") return serveListenStream(req, res, message);
    if (REMOVED_IN_2026.has(message.method)) {
      return sendRpcError(
        res,
        404,
        message.id,
        ErrorCodes.methodNotFound,
        `method not found: ${message.method}`,
      );
    }
  }
  const transport = new OneShotTransport();
  const server = await connectItemsServer(context, transport, true);
  const onGone = () => void server.close();
  res.once("close", onGone);
  try {
    const reply = await transport.exchange(message, { requestInfo: { headers: req.headers, url } });
    if (!reply || res.writableEnded) return;
    const notFound = "error" in reply && reply.error.code === ErrorCodes.methodNotFound;
    sendJson(res, stateless && notFound ? 404 : 200, reply);
  } finally {
    res.off("close", onGone);
    await server.close();
  }
}
