/** @module connect(): open the transport for a server, run the handshake, hand back a live Session. */

import type { ServerEndpoint } from "./types.ts";
import { ConfigError } from "../../0_base/errors/errors.ts";
import { findRevision } from "../../0_base/protocol/revisions.ts";
import { createTransport } from "../transport/create.ts";
import { AuthRegistry } from "../auth/registry.ts";
import type { RequestAuth } from "../transport/http_fetch.ts";
import type { HttpTarget } from "../transport/target.ts";
import { declaresAny } from "./client_spec.ts";
import { handshake } from "./handshake.ts";
import { mcptestClientInfo } from "./initialize_request.ts";
import { McpSession } from "./session.ts";
import type { FrameObserver, Session } from "./types.ts";

/** Options of {@link connect}. */
export interface ConnectOptions {
  /** The `clientInfo.version` sent to the server (default: mcptest's version). */
  readonly clientVersion?: string;
  /** Timeout of each handshake step and of transport set-up (default: `server.timeoutMs`). */
  readonly timeoutMs?: number;
  /**
   * Keep a capture of the traffic for `session.capture()` (default true: the features that read
   * it, compliance, conformance and the doctor, rely on that). Pass false when nothing will read
   * it (a `run` without `--capture`): then nothing is kept and `capture()` has empty lists.
   */
  readonly capture?: boolean;
  /** Values hidden in a stdio server's stderr tail (pass the suite's secrets). */
  readonly secrets?: readonly string[];
  /** The run's credentials registry (one state per server, shared); default: one per connection. */
  readonly auth?: ConnectAuth;
  /** Sees every JSON-RPC frame sent and received, raw (`--verbose`); default: none. */
  readonly onFrame?: FrameObserver;
}

/**
 * The credentials of a run as {@link connect} uses them: one state per server, shared by all its
 * connections (runSuite makes one per run).
 */
export interface ConnectAuth {
  /** The credentials of the HTTP server `key` (undefined when `target` has no `auth:`). */
  forServer(key: string, target: HttpTarget): RequestAuth | undefined;
}

/**
 * Start the transport and wrap it in a session, without any handshake (the caller's first frame
 * goes out as-is). The transport is closed again when it cannot start.
 * @throws ConnectError when the transport cannot start
 */
export async function openSession(
  server: ServerEndpoint,
  options: ConnectOptions & { readonly timeoutMs: number },
): Promise<McpSession> {
  const auth = server.target.kind === "http"
    ? (options.auth ?? new AuthRegistry()).forServer(server.key, server.target)
    : undefined;
  const transport = createTransport(server.target, {
    timeoutMs: options.timeoutMs,
    listen: declaresAny(server.client),
    ...(options.secrets === undefined ? {} : { secrets: options.secrets }),
    ...(auth === undefined ? {} : { auth }),
  });
  try {
    await transport.start();
  } catch (error) {
    await transport.close();
    throw error;
  }
  return new McpSession({
    server,
    transport,
    clientInfo: mcptestClientInfo(options.clientVersion),
    capture: options.capture ?? true,
    ...(options.onFrame === undefined ? {} : { onFrame: options.onFrame }),
  });
}

/**
 * Connect to a server: pick the transport from its target (stdio, Streamable HTTP, HTTP+SSE,
 * auto), start it, and run the handshake of the pinned revision (or negotiate one).
 *
 * @param server the resolved server entry
 * @param options client version, handshake timeout, capture
 * @returns a live session; close it when done (it reaps the child process)
 * @throws ConnectError with `layer` (dns, tcp, tls, http, auth, initialize, spawn, framing)
 * @throws ConfigError when the pinned revision is not in the revisions table
 *
 * @example Connect, list tools, close
 * ```ts
 * import { connect, loadSuite } from "@mcptest/cli";
 *
 * const suite = await loadSuite({ paths: ["examples/getting-started.yml"], cwd: Deno.cwd() });
 * const server = Object.values(suite.servers).find((s) => s.name === "items")!;
 * const session = await connect(server);
 * try {
 *   const exchange = await session.request("tools/list");
 *   console.log(exchange.response?.result);
 * } finally {
 *   await session.close();
 * }
 * ```
 */
export async function connect(
  server: ServerEndpoint,
  options: ConnectOptions = {},
): Promise<Session> {
  const pin = server.revision === undefined ? undefined : findRevision(server.revision);
  if (server.revision !== undefined && !pin) {
    throw new ConfigError(`unknown protocol revision "${server.revision}"`, server.pos);
  }
  const timeoutMs = options.timeoutMs ?? server.timeoutMs;
  const session = await openSession(server, { ...options, timeoutMs });
  try {
    await handshake(session, {
      pin,
      clientInfo: mcptestClientInfo(options.clientVersion),
      timeoutMs,
    });
  } catch (error) {
    await session.close();
    throw error;
  }
  return session;
}
