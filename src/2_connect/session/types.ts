/** @module The session contract the runner uses: requests with their observed exchange, and the capture. */

import type { FailureLayer, HttpInfo } from "../transport/types.ts";
import type { JsonRpcMessage, JsonRpcResponse } from "../../0_base/protocol/jsonrpc.ts";
import type { ServerTarget } from "../transport/target.ts";
import type { SourcePos } from "../../0_base/errors/errors.ts";
import type { ClientSpec } from "./client_spec.ts";
import type { ServerRequestRecord } from "./client_responder.ts";

/** Where a server target came from (seed 004 section 9), highest precedence first. */
export type TargetSource =
  | "cli flag"
  | "server-config"
  | "mcptest.local.yml"
  | "mcptest.yml"
  | "test file";

/** What CONNECT needs to reach one server (the loader's `ServerSpec` extends it). */
export interface ServerEndpoint {
  /** Unique key of the session this server gets (name, qualified by file for test-file servers). */
  readonly key: string;
  /** The name tests use in `server:`. */
  readonly name: string;
  /** How to reach the server: a command to spawn or a URL. */
  readonly target: ServerTarget;
  /** Pinned revision; undefined = latest the server accepts. */
  readonly revision?: string;
  /** Per-request timeout in milliseconds. */
  readonly timeoutMs: number;
  /** Where the server was declared (for messages). */
  readonly pos?: SourcePos;
  /** Where the target came from (a `--server` target is always live: never replayed, never cached). */
  readonly source?: TargetSource;
  /**
   * How many bytes of notifications one request may draw, and the capture may keep, before the
   * request fails (default {@link DEFAULT_MAX_NOTIFICATION_BYTES}): a flood cannot exhaust memory.
   */
  readonly maxNotificationBytes?: number;
  /**
   * What mcptest's client declares to this server and how it answers the server's requests
   * (sampling, elicitation, roots); default: nothing declared.
   */
  readonly client?: ClientSpec;
}

/** The default of `ServerEndpoint.maxNotificationBytes`: 16 MiB. */
export const DEFAULT_MAX_NOTIFICATION_BYTES = 16 * 1024 * 1024;

/**
 * Sees each JSON-RPC frame as it crosses the wire (`--verbose`): `sent` frames as mcptest wrote
 * them, `received` frames as the server's raw text; `server` is the server's name. Raw, not
 * redacted: the observer redacts and escapes before printing.
 */
export type FrameObserver = (direction: "sent" | "received", server: string, text: string) => void;

/** One request and what came back (seed 003 capture entry, plus timing and HTTP facts). */
export interface Exchange {
  /** The message sent. */
  readonly request: JsonRpcMessage;
  /** The response; absent for a notification or when none arrived. */
  readonly response?: JsonRpcResponse;
  /**
   * Why no usable response arrived: `timeout` (the deadline passed), `unanswered` (a fenced raw
   * frame the server provably moved past without answering), `stopped` (the client stopped
   * waiting when the event it waited for came: `RequestOptions.until`), `closed`, `protocol` (a
   * parse error, a wrong id), `http`.
   */
  readonly failure?: {
    readonly kind: "timeout" | "unanswered" | "stopped" | "closed" | "protocol" | "http";
    readonly message: string;
    /** The failure layer when the transport could tell (dns, tcp, tls, http, auth). */
    readonly layer?: FailureLayer;
  };
  /** Milliseconds from send to response. */
  readonly durationMs: number;
  /** Raw response text (for token estimates and framing checks). */
  readonly raw?: string;
  /** HTTP status and headers of the response (HTTP transports). */
  readonly http?: HttpInfo;
  /** Notifications the server sent while this request was in flight. */
  readonly notifications: readonly JsonRpcMessage[];
  /** Requests the server sent while this request was in flight, and how mcptest answered them. */
  readonly serverRequests?: readonly ServerRequestRecord[];
  /** For `sendRaw`: the exact text sent (then `request` is its parse, or a placeholder). */
  readonly sentRaw?: string;
}

/** The seed 003 capture of one session. */
export interface CaptureSession {
  /** Label of the server (its target, redacted). */
  readonly server_label: string;
  /** Capabilities the server advertised (null if no handshake completed). */
  readonly server_capabilities: Record<string, unknown> | null;
  /** Every request and its response, in order. */
  readonly exchanges: ReadonlyArray<{ readonly request: unknown; readonly response?: unknown }>;
  /**
   * Messages the server sent on its own, in order: notifications, requests (with the `reply` the
   * client sent), responses that matched no pending request (late or unknown ids), and frames that
   * did not parse (`raw` + `parseError`).
   */
  readonly server_messages?: ReadonlyArray<ServerMessage>;
  /**
   * Server messages left out once the capture held the server's `max_notification_bytes` of them
   * (a flood): how many, and their bytes.
   */
  readonly server_messages_dropped?: { readonly messages: number; readonly bytes: number };
}

/** One server-initiated entry of a capture. */
export interface ServerMessage {
  /** The message, when the frame parsed. */
  readonly message?: unknown;
  /** What the client answered to a server request. */
  readonly reply?: unknown;
  /** The text of a frame that did not parse as JSON. */
  readonly raw?: string;
  /** Why the frame did not parse. */
  readonly parseError?: string;
}

/** What {@link Session.fence} established. */
export interface FenceResult {
  /** Whether the proof was had (false: a fence ping got no answer within the timeout). */
  readonly held: boolean;
  /**
   * How many `server_messages` the capture held when the first fence ping was answered: an
   * in-order server sent what it sent on its own before it up to this index.
   */
  readonly mark: number;
  /**
   * How many it held when the last fence ping was answered. Between `mark` and `end` comes what the
   * server wrote after answering the first ping (a line it writes after every answer is the
   * fence's own), and a response to earlier traffic that it answered one step out of order (a
   * response without a usable id can only be that: pings are answered by id).
   */
  readonly end: number;
}

/** Options for a request. */
export interface RequestOptions {
  /** Timeout of this request in milliseconds (default: the server's). */
  readonly timeoutMs?: number;
  /** Extra HTTP headers for this request. */
  readonly headers?: Readonly<Record<string, string>>;
  /**
   * Stop waiting once this holds for a notification that arrived for the request: an event, never
   * a time. The request then settles with failure kind `stopped` and the notifications so far, and
   * the server is told (notifications/cancelled, or its HTTP response stream closed). For streams
   * that never answer on their own (subscriptions/listen) and calls the client cuts off on purpose.
   */
  readonly until?: (notification: JsonRpcMessage) => boolean;
  /**
   * Stop waiting when this aborts (a `subscribe:` step's listen stream ended by `unsubscribe:`):
   * settles with failure kind `stopped`, and the server is told as for `until`.
   */
  readonly signal?: AbortSignal;
}

/** A live MCP session with one server: the only thing that talks to a server. */
export interface Session {
  /** The server this session talks to. */
  readonly server: ServerEndpoint;
  /** The negotiated protocol revision. */
  readonly protocolVersion: string;
  /** Capabilities the server advertised (null if no handshake completed). */
  readonly serverCapabilities: Record<string, unknown> | null;
  /** serverInfo from the handshake (or result `_meta` in 2026). */
  readonly serverInfo: Record<string, unknown> | null;
  /** Send a request and wait for its response (never throws for a server failure: see Exchange.failure). */
  request(
    method: string,
    params?: Record<string, unknown>,
    options?: RequestOptions,
  ): Promise<Exchange>;
  /** Send a notification. */
  notify(method: string, params?: Record<string, unknown>): Promise<void>;
  /**
   * Send raw bytes as one frame and wait for its answer: the response with `expectId` (else the
   * frame's own id), or one without a usable id while it is the only raw frame in flight. With
   * `fence`, on an in-order transport "no answer" is decided by {@link Session.fence}'s proof.
   */
  sendRaw(
    raw: string,
    options?: RequestOptions & { expectId?: string | number; fence?: boolean },
  ): Promise<Exchange>;
  /**
   * Resolve once the server has provably handled everything sent before (on stdio: it answered
   * pings sent after it, in order); at once where each message has its own response (HTTP).
   * Absent on scripted test sessions.
   */
  fence?(options?: RequestOptions): Promise<FenceResult>;
  /**
   * Call `listener` with every notification the server sends from now on, whichever request it
   * came with, until the returned function is called (a sequence's `await:` steps).
   */
  watch?(listener: (notification: JsonRpcMessage) => void): () => void;
  /**
   * A replayed session: resolves once the recording has delivered every frame it owes so far
   * (nothing more comes until the client sends again). Undefined on a live session.
   */
  readonly settled?: (() => Promise<void>) | undefined;
  /** Everything exchanged so far, in order. */
  capture(): CaptureSession;
  /** Close the session and reap the process. Idempotent. */
  close(): Promise<void>;
}
