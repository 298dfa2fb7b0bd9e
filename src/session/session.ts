/** @module McpSession: requests over a transport, frame routing, server-request answers, capture. */

import type { ServerEndpoint } from "./types.ts";
import {
  isRequest,
  type JsonRpcId,
  type JsonRpcMessage,
  type JsonRpcRequest,
  type JsonRpcResponse,
} from "../protocol/jsonrpc.ts";
import type { RevisionInfo } from "../protocol/revisions.ts";
import { nonJsonMessage } from "../transport/failure_layer.ts";
import { TransportError } from "../transport/transport_error.ts";
import { outcomeOf, replyTo } from "./replies.ts";
import type { Frame, Transport, TransportEvent } from "../transport/types.ts";
import { settlesWithin } from "../transport/wait.ts";
import { CaptureLog } from "./capture_log.ts";
import { type ClientInfo, revisionHeaders, withStatelessMeta } from "./meta.ts";
import { InFlight, PendingRequests } from "./pending.ts";
import { UnmatchedResponses } from "./unmatched.ts";
import type { CaptureSession, Exchange, FrameObserver, RequestOptions, Session } from "./types.ts";

/** What a {@link McpSession} is built from. */
export interface SessionInit {
  readonly server: ServerEndpoint;
  readonly transport: Transport;
  readonly clientInfo: ClientInfo;
  /** Keep a capture of the traffic (default true). */
  readonly capture?: boolean;
  /** Sees every frame sent and received (`--verbose`); default: none. */
  readonly onFrame?: FrameObserver;
}

/** How long close() lets fire-and-forget sends (cancellations, replies) finish. */
const BACKGROUND_GRACE_MS = 2000;

/** A live session. Built by `connect()`, which runs the handshake through `requestAs`/`notifyAs`. */
/**
 * Request ids are unique across every session of the process, so a multi-server capture never
 * reuses an id (the shared-transport hazard of seed 003 cannot arise from mcptest's own traffic).
 */
let nextRequestId = 1;

export class McpSession implements Session {
  readonly server: ServerEndpoint;

  readonly #transport: Transport;
  readonly #clientInfo: ClientInfo;
  readonly #log: CaptureLog;
  readonly #observer: FrameObserver | undefined;
  readonly #pending = new PendingRequests();
  readonly #unmatched = new UnmatchedResponses();
  #revision: RevisionInfo | undefined;
  #framesSeen = 0;
  #closedBy: string | undefined;
  #closing: Promise<void> | undefined;
  readonly #background = new Set<Promise<void>>();
  #capabilities: Record<string, unknown> | null = null;
  #serverInfo: Record<string, unknown> | null = null;

  constructor(init: SessionInit) {
    this.server = init.server;
    this.#transport = init.transport;
    this.#clientInfo = init.clientInfo;
    this.#log = new CaptureLog(init.capture ?? true);
    this.#observer = init.onFrame;
    this.#transport.onFrame = (frame) => this.#onFrame(frame);
    this.#transport.onEvent = (event) => this.#onEvent(event);
  }

  /** The negotiated revision id ("" before the handshake). */
  get protocolVersion(): string {
    return this.#revision?.id ?? "";
  }

  /** Capabilities from `initialize` or `server/discover` (null before the handshake). */
  get serverCapabilities(): Record<string, unknown> | null {
    return this.#capabilities;
  }

  /** serverInfo from `initialize`, or result `_meta` of `server/discover` (null when absent). */
  get serverInfo(): Record<string, unknown> | null {
    return this.#serverInfo;
  }

  /** How many frames the server has sent so far (tells "died at once" from "died later"). */
  get framesSeen(): number {
    return this.#framesSeen;
  }

  /** The negotiated revision (undefined before the handshake). */
  get revision(): RevisionInfo | undefined {
    return this.#revision;
  }

  /** The transport's capture label. */
  get label(): string {
    return this.#transport.label;
  }

  /** Record the handshake's outcome; later requests follow `revision`'s rules. */
  establish(
    revision: RevisionInfo,
    capabilities: Record<string, unknown>,
    serverInfo: Record<string, unknown> | null,
  ): void {
    this.#revision = revision;
    this.#capabilities = capabilities;
    this.#serverInfo = serverInfo;
  }

  /** Send a request under the negotiated revision. Never throws: failures are in the Exchange. */
  request(
    method: string,
    params?: Record<string, unknown>,
    options: RequestOptions = {},
  ): Promise<Exchange> {
    return this.requestAs(this.#revision, method, params, options);
  }

  /** Send a request under an explicit revision (`_meta` and headers); the handshake uses this. */
  requestAs(
    revision: RevisionInfo | undefined,
    method: string,
    params: Record<string, unknown> | undefined,
    options: RequestOptions = {},
  ): Promise<Exchange> {
    const id = nextRequestId++;
    const sentParams = revision?.lifecycle === "stateless"
      ? withStatelessMeta(params, revision, this.#clientInfo)
      : params;
    const message: JsonRpcRequest = {
      jsonrpc: "2.0",
      id,
      method,
      ...(sentParams === undefined ? {} : { params: sentParams }),
    };
    const headers = { ...revisionHeaders(revision, method, sentParams), ...options.headers };
    return this.#dispatch(message, message, id, headers, options.timeoutMs, revision);
  }

  /**
   * Send a notification under the negotiated revision.
   * @throws TransportError when the transport cannot deliver it (closed, HTTP error status)
   */
  notify(method: string, params?: Record<string, unknown>): Promise<void> {
    return this.notifyAs(this.#revision, method, params);
  }

  /** Send a notification under an explicit revision. */
  async notifyAs(
    revision: RevisionInfo | undefined,
    method: string,
    params?: Record<string, unknown>,
  ): Promise<void> {
    if (this.#closedBy !== undefined) throw new TransportError("closed", this.#closedBy);
    const message: JsonRpcMessage = {
      jsonrpc: "2.0",
      method,
      ...(params === undefined ? {} : { params }),
    };
    this.#log.sent(message);
    this.#observe("sent", message);
    await this.#transport.send(message, { headers: revisionHeaders(revision, method, params) });
  }

  /**
   * Send `raw` as one frame, byte for byte. Waits for the response with `expectId`; without it,
   * for the next response that matches no other request (e.g. a parse error with `id: null`).
   */
  sendRaw(
    raw: string,
    options: RequestOptions & { expectId?: string | number } = {},
  ): Promise<Exchange> {
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      parsed = undefined;
    }
    const object = typeof parsed === "object" && parsed !== null && !Array.isArray(parsed)
      ? parsed as Record<string, unknown>
      : undefined;
    const request = (object ?? { jsonrpc: "2.0", method: "" }) as unknown as JsonRpcMessage;
    const method = typeof object?.method === "string" ? object.method : undefined;
    const params = typeof object?.params === "object" && object.params !== null
      ? object.params as Record<string, unknown>
      : undefined;
    const headers = { ...revisionHeaders(this.#revision, method, params), ...options.headers };
    return this.#dispatch(
      raw,
      parsed ?? raw,
      options.expectId,
      headers,
      options.timeoutMs,
      this.#revision,
      request,
    );
  }

  /** The seed-003 capture of everything exchanged so far. */
  capture(): CaptureSession {
    return this.#log.snapshot(this.#transport.label, this.serverCapabilities);
  }

  /** Fail what is in flight, close the transport (reaps a child). Idempotent. */
  close(): Promise<void> {
    this.#closing ??= (async () => {
      this.#closedBy ??= "session closed";
      for (const entry of this.#pending.all()) entry.controller.abort();
      this.#pending.failAll({ kind: "closed", message: "session closed" });
      await settlesWithin(Promise.allSettled([...this.#background]), BACKGROUND_GRACE_MS);
      await this.#transport.close();
    })();
    return this.#closing;
  }

  #dispatch(
    wire: JsonRpcMessage | string,
    captured: unknown,
    id: JsonRpcId | undefined,
    headers: Record<string, string>,
    timeoutMs: number | undefined,
    revision: RevisionInfo | undefined,
    request: JsonRpcMessage = wire as JsonRpcMessage,
  ): Promise<Exchange> {
    const sentRaw = typeof wire === "string" ? wire : undefined;
    if (this.#closedBy !== undefined) {
      const entry = new InFlight(request, sentRaw, () => {});
      entry.settle({ failure: { kind: "closed", message: this.#closedBy } });
      return entry.done;
    }
    const handle = this.#log.sent(captured);
    this.#observe("sent", wire);
    const entry = new InFlight(request, sentRaw, (settled, exchange) => {
      this.#pending.remove(settled);
      if (exchange.response !== undefined) this.#log.respond(handle, exchange.response);
    });
    this.#pending.add(id, entry);
    const ms = timeoutMs ?? this.server.timeoutMs;
    entry.armTimeout(ms, () => this.#timedOut(entry, id, ms, revision));
    this.#transport.send(wire, { headers, signal: entry.controller.signal })
      .catch((error) => entry.settle(outcomeOf(error)));
    return entry.done;
  }

  #timedOut(
    entry: InFlight,
    id: JsonRpcId | undefined,
    ms: number,
    revision: RevisionInfo | undefined,
  ): void {
    const method = "method" in entry.request ? entry.request.method : "";
    const note = this.#unmatched.timeoutNote(entry.startedAt);
    entry.settle({
      failure: {
        // An unmatched response came meanwhile: that, not slowness, is the likely cause.
        kind: note === "" ? "timeout" : "protocol",
        message: `no response to ${method || "the request"} within ${ms} ms${note}`,
      },
    });
    if (id !== undefined) this.#unmatched.abandoned(id);
    entry.controller.abort();
    // Tell the server we gave up, except for initialize (MUST NOT be cancelled), raw probes, and
    // stateless HTTP, where closing the response stream (the abort above) is the cancellation.
    const statelessHttp = revision?.lifecycle === "stateless" && this.server.target.kind === "http";
    if (
      id === undefined || entry.sentRaw !== undefined || method === "initialize" || statelessHttp
    ) return;
    this.#inBackground(
      this.notifyAs(revision, "notifications/cancelled", { requestId: id, reason: "timeout" }),
    );
  }

  /** Track a fire-and-forget send so close() lets it finish (bounded). */
  #inBackground(send: Promise<void>): void {
    const tracked = send.catch(() => {});
    this.#background.add(tracked);
    tracked.finally(() => this.#background.delete(tracked));
  }

  /** Hand a frame to the observer; an observer that throws never breaks the session. */
  #observe(direction: "sent" | "received", frame: unknown): void {
    if (this.#observer === undefined) return;
    try {
      this.#observer(
        direction,
        this.server.name,
        typeof frame === "string" ? frame : JSON.stringify(frame),
      );
    } catch { /* an observer's failure is not the session's */ }
  }

  #onFrame(frame: Frame): void {
    this.#framesSeen++;
    this.#observe("received", frame.raw);
    if (frame.parseError !== undefined) {
      this.#log.server({ raw: frame.raw, parseError: frame.parseError });
      const where = this.server.target.kind === "stdio" ? "stdout" : "an HTTP response";
      const failure = {
        kind: "protocol" as const,
        message: nonJsonMessage(frame.raw, where),
        layer: "framing" as const,
      };
      const target = frame.inReplyTo === undefined ? undefined : this.#pending.get(frame.inReplyTo);
      for (const entry of target ? [target] : this.#pending.all()) entry.settle({ failure });
      return;
    }
    const messages: unknown[] = Array.isArray(frame.message) ? frame.message : [frame.message];
    for (const message of messages) this.#route(message, frame);
  }

  #route(message: unknown, frame: Frame): void {
    if (typeof message !== "object" || message === null) return this.#log.server({ message });
    if (isRequest(message)) return this.#answer(message);
    if ("method" in message) {
      this.#log.server({ message });
      const target = frame.inReplyTo === undefined ? undefined : this.#pending.get(frame.inReplyTo);
      for (const entry of target ? [target] : this.#pending.all()) {
        entry.attach(message as JsonRpcMessage);
      }
      return;
    }
    const id = (message as { id?: unknown }).id;
    const byId = typeof id === "string" || typeof id === "number"
      ? this.#pending.get(id)
      : undefined;
    const byStream = frame.inReplyTo === undefined ? undefined : this.#pending.get(frame.inReplyTo);
    const entry = byId ?? (id === null || id === undefined ? byStream : undefined) ??
      this.#pending.firstAnonymous();
    if (!entry) return this.#unmatchedResponse(id, message as { error?: unknown }, frame);
    entry.settle({
      response: message as JsonRpcResponse,
      raw: frame.raw,
      ...(frame.http === undefined ? {} : { http: frame.http }),
    });
  }

  /** A response no request in flight claims: a late answer, or a wrong id (fails its request). */
  #unmatchedResponse(id: unknown, message: { error?: unknown }, frame: Frame): void {
    this.#log.server({ message });
    const stream = frame.inReplyTo === undefined ? undefined : this.#pending.get(frame.inReplyTo);
    const found = this.#unmatched.match(
      id,
      message.error,
      this.#pending.withIds(),
      stream && frame.inReplyTo !== undefined ? [frame.inReplyTo, stream] : undefined,
    );
    found?.entry.settle({
      failure: { kind: "protocol", message: found.message },
      raw: frame.raw,
      ...(frame.http === undefined ? {} : { http: frame.http }),
    });
  }

  /** Answer server->client requests so the server never hangs: ping, roots/list, else -32601. */
  #answer(request: JsonRpcRequest): void {
    const reply = replyTo(request);
    this.#log.server({ message: request, reply });
    if (this.#closedBy !== undefined) return;
    this.#observe("sent", reply);
    this.#inBackground(this.#transport.send(reply, { headers: revisionHeaders(this.#revision) }));
  }

  #onEvent(event: TransportEvent): void {
    if (event.kind === "closed") {
      this.#closedBy ??= event.message;
      this.#pending.failAll({ kind: "closed", message: event.message });
    } else if (event.kind === "error" && event.requestId !== undefined) {
      this.#pending.get(event.requestId)?.settle({
        failure: { kind: "closed", message: event.message },
        ...(event.http === undefined ? {} : { http: event.http }),
      });
    } else if (event.kind === "error") {
      // Concerns whatever is in flight (a stdio message over the size cap: which request it
      // answered cannot be told).
      this.#pending.failAll({
        kind: "protocol",
        message: event.message,
        ...(event.layer === undefined ? {} : { layer: event.layer }),
      });
    }
  }
}
