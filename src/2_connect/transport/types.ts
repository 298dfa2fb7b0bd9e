/** @module The transport contract: raw JSON-RPC frames in and out, every frame observable. */

import type { JsonRpcId, JsonRpcMessage } from "../../0_base/protocol/jsonrpc.ts";

/** The layer a connection failed at (seed 004 section 14). */
export type FailureLayer =
  | "dns"
  | "tcp"
  | "tls"
  | "http"
  | "auth"
  | "initialize"
  | "readiness"
  | "spawn"
  | "framing";

/** A same-origin redirect that was followed (cross-origin ones are refused). */
export interface HttpRedirect {
  /** The redirect's HTTP status (301, 302, 307, 308). */
  readonly status: number;
  /** The URL that answered with the redirect (no userinfo). */
  readonly from: string;
  /** Where it pointed (no userinfo). */
  readonly to: string;
}

/** HTTP facts attached to frames that arrived in an HTTP response. */
export interface HttpInfo {
  /** The response's HTTP status. */
  readonly status: number;
  /** Lower-cased header names. */
  readonly headers: Readonly<Record<string, string>>;
  /** The same-origin redirects followed to reach this response, in order (absent when none). */
  readonly redirects?: readonly HttpRedirect[];
}

/** One frame received from the server, as observed on the wire. */
export interface Frame {
  /** The raw text of the frame (one stdio line, one SSE data payload, one JSON body). */
  readonly raw: string;
  /** The parsed value, when `raw` parsed as JSON. */
  readonly message?: unknown;
  /** Why `raw` did not parse, when it did not. */
  readonly parseError?: string;
  /** performance.now() when the frame was received. */
  readonly at: number;
  /** For HTTP: the response this frame arrived in. */
  readonly http?: HttpInfo;
  /**
   * For HTTP: the id of the request whose POST response carried this frame (lets the session
   * match an `id: null` error reply, and attach notifications to the request they came with).
   */
  readonly inReplyTo?: JsonRpcId;
}

/** Something went wrong below the JSON-RPC level (process exited, stream closed, HTTP error). */
export interface TransportEvent {
  readonly kind: "closed" | "error" | "stderr";
  readonly message: string;
  /** For an HTTP error status with no JSON-RPC body. */
  readonly http?: HttpInfo;
  /**
   * When the event concerns one request only (its response stream ended without a response). An
   * `error` without one concerns every request in flight (e.g. a stdio message over the size cap).
   */
  readonly requestId?: JsonRpcId;
  /** The failure layer, when the transport can tell (`framing` for a message over the size cap). */
  readonly layer?: FailureLayer;
}

/** Options for sending one message. */
export interface SendOptions {
  /** Extra HTTP headers for this message (ignored by stdio). */
  readonly headers?: Readonly<Record<string, string>>;
  /** Abort signal (HTTP: aborts the POST). */
  readonly signal?: AbortSignal;
}

/**
 * A transport moves raw JSON-RPC frames. Every implementation (stdio, streamable HTTP,
 * HTTP+SSE, replay) passes one shared contract suite.
 */
export interface Transport {
  /** A label for captures: `stdio://<command>` or the URL. */
  readonly label: string;
  /** Open the transport (spawn, or open the SSE stream). Throws ConnectError with a layer. */
  start(): Promise<void>;
  /**
   * Send a message (an object is serialised; a string is sent byte for byte, for malformed-frame probes).
   * For HTTP, resolves once the response headers arrived; frames then flow to `onFrame`.
   * Rejects with TransportError when the send itself fails (HTTP status without a JSON-RPC body, closed pipe).
   */
  send(message: JsonRpcMessage | string, options?: SendOptions): Promise<void>;
  /** Called for every frame received. */
  onFrame: (frame: Frame) => void;
  /** Called for transport-level events (stderr lines, close, errors). */
  onEvent: (event: TransportEvent) => void;
  /** Close and release everything (kill and reap a child, abort streams). Idempotent. */
  close(): Promise<void>;
  /** Headers set by the server that the client must echo (e.g. mcp-session-id); HTTP only. */
  readonly sessionHeaders?: Readonly<Record<string, string>>;
  /**
   * Whether the server's output comes back on one stream in the order it took its input in, so an
   * answer to a later request proves it has handled the earlier ones: stdio (one pipe each way),
   * legacy HTTP+SSE (one event stream). Absent or false: Streamable HTTP, replay.
   */
  readonly inOrder?: boolean;
  /**
   * Resolves once every response stream opened so far has ended (Streamable HTTP: the SSE answers
   * to POSTs), so what a server wrote after a response on its stream is in. Absent where each
   * response is one frame.
   */
  drained?(): Promise<void>;
  /**
   * A recording: resolves once every frame it owes so far has been delivered, so nothing more will
   * arrive until the client sends again. Absent on live transports (a live server may always send).
   */
  settled?(): Promise<void>;
}
