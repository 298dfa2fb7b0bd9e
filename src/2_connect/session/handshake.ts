/** @module The handshake per revision: `initialize` (<= 2025-11-25) or `server/discover` (2026-07-28). */

import {
  LATEST_INITIALIZE_REVISION,
  type RevisionInfo,
  REVISIONS,
} from "../../0_base/protocol/revisions.ts";
import {
  ConnectError,
  httpStatusFailure,
  initializeFailure,
  spawnFailure,
} from "../transport/failure_layer.ts";
import { TransportError } from "../transport/transport_error.ts";
import { initializeParams } from "./initialize_request.ts";
import { type ClientInfo, META_SERVER_INFO } from "./meta.ts";
import type { McpSession } from "./session.ts";
import type { Exchange } from "./types.ts";

/** Inputs of {@link handshake}. */
export interface HandshakeOptions {
  /** The pinned revision, or undefined to negotiate. */
  readonly pin: RevisionInfo | undefined;
  readonly clientInfo: ClientInfo;
  /** Timeout of each handshake request. */
  readonly timeoutMs: number;
}

/**
 * Run the handshake and `establish` the session, or throw a ConnectError naming the layer.
 *
 * Unpinned, we probe `server/discover` first: the 2026 spec says clients SHOULD, and it is the
 * only way to tell a stateless (2026-07-28) server from an initialize-era one. If the probe
 * answers with supportedVersions listing the stateless revision, that era is used; on anything
 * else (-32601, another error, an HTTP 4xx) we fall back to `initialize` with the
 * latest initialize-era revision and accept whichever table revision the server answers. Fatal
 * failures (dns, tcp, tls, auth, the process died, non-JSON output) stop at once, and so does a
 * probe that timed out (no second timeout on `initialize`). The probe is a
 * real exchange, so it appears first in the capture.
 */
export async function handshake(session: McpSession, options: HandshakeOptions): Promise<void> {
  const { pin } = options;
  if (pin?.lifecycle === "stateless") return discover(session, pin, options);
  if (pin) return initialize(session, pin, options, true);
  const stateless = [...REVISIONS].reverse().find((r) => r.lifecycle === "stateless");
  if (stateless) {
    const probe = await session.requestAs(stateless, "server/discover", {}, {
      timeoutMs: options.timeoutMs,
    });
    if (listsRevision(probe, stateless)) return establishStateless(session, stateless, probe);
    if (isFatal(probe)) throw connectErrorOf(probe, session);
    // A server answers every request (-32601 for an unknown method): one that let the probe time
    // out would let `initialize` time out too, so the connection fails now, after one timeout.
    if (probe.failure?.kind === "timeout") {
      throw new ConnectError(
        "initialize",
        `no answer to server/discover within ${options.timeoutMs}ms (a server must answer every request, -32601 for an unknown method); pin protocol_version to skip the probe`,
      );
    }
  }
  const latest = REVISIONS.find((r) => r.id === LATEST_INITIALIZE_REVISION) as RevisionInfo;
  return initialize(session, latest, options, false);
}

async function initialize(
  session: McpSession,
  revision: RevisionInfo,
  options: HandshakeOptions,
  pinned: boolean,
): Promise<void> {
  const exchange = await session.requestAs(
    undefined,
    "initialize",
    initializeParams(revision.id, options.clientInfo, session.declaredCapabilities(revision)),
    { timeoutMs: options.timeoutMs },
  );
  const result = resultOf(exchange, session, "initialize");
  const missing = ["protocolVersion", "capabilities", "serverInfo"].filter((key) =>
    !(key in result)
  );
  if (missing.length > 0) throw initializeFailure(`result is missing ${missing.join(", ")}`);
  const answered = result.protocolVersion;
  const capabilities = asRecord(result.capabilities);
  if (typeof answered !== "string") throw initializeFailure("protocolVersion is not a string");
  if (!capabilities) throw initializeFailure("capabilities is not an object");
  let negotiated: RevisionInfo | undefined = revision;
  if (pinned && answered !== revision.id) {
    throw initializeFailure(
      `server answered protocolVersion "${answered}", pinned "${revision.id}"`,
    );
  }
  if (!pinned) {
    negotiated = REVISIONS.find((r) => r.id === answered && r.lifecycle === "initialize");
  }
  if (!negotiated) {
    throw initializeFailure(`server answered unsupported protocolVersion "${answered}"`);
  }
  session.establish(negotiated, capabilities, asRecord(result.serverInfo) ?? null);
  try {
    await session.notifyAs(negotiated, "notifications/initialized");
  } catch (error) {
    throw notifyFailure(error, session);
  }
}

async function discover(
  session: McpSession,
  revision: RevisionInfo,
  options: HandshakeOptions,
): Promise<void> {
  const exchange = await session.requestAs(revision, "server/discover", {}, {
    timeoutMs: options.timeoutMs,
  });
  resultOf(exchange, session, "server/discover");
  if (!listsRevision(exchange, revision)) {
    const listed = JSON.stringify(asRecord(exchange.response?.result)?.supportedVersions ?? null);
    throw initializeFailure(
      `server/discover does not list ${revision.id} (supportedVersions: ${listed})`,
    );
  }
  establishStateless(session, revision, exchange);
}

function establishStateless(session: McpSession, revision: RevisionInfo, exchange: Exchange): void {
  const result = resultOf(exchange, session, "server/discover");
  const capabilities = asRecord(result.capabilities);
  if (!capabilities) throw initializeFailure("server/discover result has no capabilities object");
  const serverInfo = asRecord(asRecord(result._meta)?.[META_SERVER_INFO]) ??
    asRecord(result.serverInfo) ?? null;
  session.establish(revision, capabilities, serverInfo);
}

/** The result object of a handshake exchange, or a ConnectError. */
function resultOf(exchange: Exchange, session: McpSession, what: string): Record<string, unknown> {
  if (exchange.failure) throw connectErrorOf(exchange, session);
  const unreadable = session.unreadableBeforeHandshake;
  if (unreadable !== undefined && session.server.target.kind === "stdio") {
    // Everything on stdout up to the handshake's answer is the handshake's: a line that is not
    // JSON-RPC there fails it, whether it was read before or after the request was sent.
    throw new ConnectError("framing", `stdio framing error: ${unreadable.message}`);
  }
  const error = exchange.response?.error;
  if (error) throw initializeFailure(`${what} returned error ${error.code}: ${error.message}`);
  const result = asRecord(exchange.response?.result);
  if (!result) throw initializeFailure(`${what} result is not an object`);
  return result;
}

function listsRevision(exchange: Exchange, revision: RevisionInfo): boolean {
  const versions = asRecord(exchange.response?.result)?.supportedVersions;
  return Array.isArray(versions) && versions.includes(revision.id);
}

/** Probe failures that make an initialize attempt pointless. */
function isFatal(exchange: Exchange): boolean {
  const failure = exchange.failure;
  if (!failure) return false;
  if (failure.kind === "closed" || failure.kind === "protocol") return true;
  return failure.layer === "dns" || failure.layer === "tcp" || failure.layer === "tls" ||
    failure.layer === "auth";
}

/** Turn a failed handshake exchange into a ConnectError with the right layer. */
export function connectErrorOf(exchange: Exchange, session: McpSession): ConnectError {
  const failure = exchange.failure;
  if (!failure) return initializeFailure("no usable response");
  const stdio = session.server.target.kind === "stdio";
  const layer = failure.layer;
  if (layer === "dns" || layer === "tcp" || layer === "tls") {
    return new ConnectError(layer, failure.message);
  }
  const target = session.server.target;
  if (layer === "auth" && target.kind === "http" && target.auth !== undefined) {
    // Configured auth already said what failed (a token request, a 401 after its refresh).
    return new ConnectError("auth", failure.message, exchange.http ? { http: exchange.http } : {});
  }
  if (exchange.http && exchange.http.status >= 400 && failure.kind === "http") {
    return httpStatusFailure(exchange.http.status, session.label, exchange.http);
  }
  if (failure.kind === "http" && failure.layer === "http") {
    // A refused redirect (another origin, too many, no Location): the message says which.
    return new ConnectError("http", failure.message, exchange.http ? { http: exchange.http } : {});
  }
  if (failure.kind === "closed" && stdio && session.framesSeen === 0) {
    const command = session.server.target.kind === "stdio"
      ? session.server.target.command[0] ?? ""
      : "";
    return spawnFailure(command, failure.message);
  }
  if (failure.kind === "protocol" && failure.layer === "framing" && stdio) {
    return new ConnectError("framing", `stdio framing error: ${failure.message}`);
  }
  return initializeFailure(failure.message);
}

function notifyFailure(error: unknown, session: McpSession): ConnectError {
  if (error instanceof TransportError && error.layer === "auth") {
    return new ConnectError("auth", error.message, error.http ? { http: error.http } : {});
  }
  if (error instanceof TransportError && error.http && error.http.status >= 400) {
    return httpStatusFailure(error.http.status, session.label, error.http);
  }
  const message = error instanceof Error ? error.message : String(error);
  return initializeFailure(`notifications/initialized could not be sent: ${message}`);
}

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? value as Record<string, unknown>
    : undefined;
}
