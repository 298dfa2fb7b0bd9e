/** @module McpSession: requests over a transport, frame routing, server-request answers, capture. */

import type { ServerEndpoint } from "./types.ts";
import {
  isRequest,
  type JsonRpcId,
  type JsonRpcMessage,
  type JsonRpcRequest,
  type JsonRpcResponse,
} from "../../0_base/protocol/jsonrpc.ts";
import type { RevisionInfo } from "../../0_base/protocol/revisions.ts";
import { nonJsonMessage } from "../transport/failure_layer.ts";
import { TransportError } from "../transport/transport_error.ts";
import { outcomeOf } from "./outcome.ts";
import { ClientResponder, type ServerRequestRecord } from "./client_responder.ts";
import { type ClientSpec, declaredCapabilities, NO_CLIENT } from "./client_spec.ts";
import type { Frame, Transport, TransportEvent } from "../transport/types.ts";
import { settlesWithin } from "../transport/wait.ts";
import { CaptureLog } from "./capture_log.ts";
import { type ClientInfo, revisionHeaders, withStatelessMeta } from "./meta.ts";
import { InFlight, PendingRequests } from "./pending.ts";
import { Deadlines } from "./deadlines.ts";
import { UnmatchedResponses } from "./unmatched.ts";
import {
  type CaptureSession,
  DEFAULT_MAX_NOTIFICATION_BYTES,
  type Exchange,
  type FenceResult,
  type FrameObserver,
  type RequestOptions,
  type Session,
} from "./types.ts";

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

/**
 * How many pings, one after the other, a fence needs answered: the first proves an in-order
 * server has moved past what was sent before it; the second also covers a server (or a proxy) that
 * answers one request out of order.
 */
export const FENCE_ROUNDS = 2;

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
  readonly #notificationCap: number;
  #responder: ClientResponder;
  /** The last server request being answered (replies are sent in arrival order). */
  #answering: Promise<unknown> = Promise.resolve();
  readonly #observer: FrameObserver | undefined;
  readonly #pending = new PendingRequests();
  /** The time limits of the requests in flight, on one timer. */
  readonly #deadlines = new Deadlines();
  readonly #unmatched = new UnmatchedResponses();
  #revision: RevisionInfo | undefined;
  #framesSeen = 0;
  #closedBy: string | undefined;
  #closing: Promise<void> | undefined;
  readonly #background = new Set<Promise<void>>();
  readonly #watchers = new Set<(notification: JsonRpcMessage) => void>();
  #capabilities: Record<string, unknown> | null = null;
  #unreadableBeforeHandshake: NonNullable<Exchange["failure"]> | undefined;
  #serverInfo: Record<string, unknown> | null = null;

  constructor(init: SessionInit) {
    this.server = init.server;
    this.#transport = init.transport;
    this.#clientInfo = init.clientInfo;
    this.#notificationCap = init.server.maxNotificationBytes ?? DEFAULT_MAX_NOTIFICATION_BYTES;
    this.#responder = new ClientResponder(init.server.client ?? NO_CLIENT);
    this.#log = new CaptureLog(init.capture ?? true, this.#notificationCap);
    this.#observer = init.onFrame;
    const onFrame = (frame: Frame) => this.#onFrame(frame);
    const onEvent = (event: TransportEvent) => this.#onEvent(event);
    this.#transport.onFrame = onFrame;
    this.#transport.onEvent = onEvent;
  }

  /**
   * The first frame that did not parse on the shared stream before the handshake settled: the
   * stream up to the handshake's answer is the handshake's, whenever such a line is read, so the
   * handshake fails at the framing layer (see handshake.ts).
   */
  get unreadableBeforeHandshake(): NonNullable<Exchange["failure"]> | undefined {
    return this.#unreadableBeforeHandshake;
  }

  /**
   * The client capabilities mcptest declares under `revision` (from the server's `client:`;
   * elicitation modes only from 2025-11-25 on).
   */
  declaredCapabilities(revision: RevisionInfo | undefined): Record<string, unknown> {
    const modes = revision === undefined || revision.id >= "2025-11-25";
    return declaredCapabilities(this.#responder.spec, modes);
  }

  /**
   * Answer the server's requests with `spec`'s scripts from now on (a test's own `client:`), until
   * the returned function restores the previous ones. What is declared stays what the handshake
   * declared: a test that declares other capabilities needs a session of its own.
   */
  withClient(spec: ClientSpec): () => void {
    const previous = this.#responder;
    this.#responder = new ClientResponder(spec);
    return () => {
      this.#responder = previous;
    };
  }

  /**
   * Answer one server request the way a request on the wire is answered (the 2026-07-28
   * `inputRequests` of an input_required result go through here).
   */
  answerServerRequest(method: string, params: unknown): Promise<ServerRequestRecord> {
    return this.#responder.answer(method, params);
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
    return this.#request(revision, method, params, options);
  }

  /** Build and send a request; `onFenceSettled` marks a ping of {@link fence} (called as it settles). */
  #request(
    revision: RevisionInfo | undefined,
    method: string,
    params: Record<string, unknown> | undefined,
    options: RequestOptions,
    onFenceSettled?: () => void,
  ): Promise<Exchange> {
    const id = nextRequestId++;
    const sentParams = revision?.lifecycle === "stateless"
      ? withStatelessMeta(params, revision, this.#clientInfo, this.declaredCapabilities(revision))
      : params;
    const message: JsonRpcRequest = {
      jsonrpc: "2.0",
      id,
      method,
      ...(sentParams === undefined ? {} : { params: sentParams }),
    };
    const headers = { ...revisionHeaders(revision, method, sentParams), ...options.headers };
    return this.#dispatch(message, message, id, {
      headers,
      timeoutMs: options.timeoutMs,
      revision,
      request: message,
      onFenceSettled,
      until: options.until,
      signal: options.signal,
    }).done;
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
   * Send `raw` as one frame, byte for byte. Its answer is the response with `expectId`, else with
   * the frame's own id when it parses as a request; an answer whose id cannot be read (`id: null`,
   * missing) is the frame's only while it is the one raw frame in flight. With `fence` on an
   * in-order transport (stdio), "no answer" is decided when the server has answered
   * {@link FENCE_ROUNDS} pings sent after the frame (see {@link fence}), not by a clock; the
   * timeout (the server's, or `timeoutMs`) bounds the wait either way.
   */
  sendRaw(
    raw: string,
    options: RequestOptions & { expectId?: string | number; fence?: boolean } = {},
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
    const ownId = typeof object?.id === "string" || typeof object?.id === "number"
      ? object.id
      : parsed === undefined
      ? textualId(raw)
      : undefined;
    const headers = { ...revisionHeaders(this.#revision, method, params), ...options.headers };
    const entry = this.#dispatch(raw, parsed ?? raw, options.expectId ?? ownId, {
      headers,
      timeoutMs: options.timeoutMs,
      revision: this.#revision,
      request,
      onFenceSettled: undefined,
      until: options.until,
    });
    if (!options.fence || !this.#inOrder) return entry.done;
    return this.#fenceFrame(entry, options.expectId ?? ownId, options.timeoutMs);
  }

  /**
   * Wait until the server has provably read and handled everything sent before this call: on an
   * in-order transport (stdio: one input stream read in order, one output stream written in order)
   * that is when it has answered {@link FENCE_ROUNDS} `ping`s sent one after the other (any answer
   * counts, even -32601), since whatever it wrote in reply to earlier frames comes before those
   * answers (two rounds also tolerate a server that answers one request out of order). Over
   * Streamable HTTP each message has its own response: the fence waits for the response streams
   * opened so far to end (what a server wrote after an answer on its stream is then in).
   * @returns `held`: whether the proof was had (false: a ping got no answer, the server is gone or
   *   silent past the timeout); `mark` and `end`: how many server messages the capture held when
   *   the first and the last ping were answered (see {@link FenceResult})
   */
  async fence(options: RequestOptions = {}): Promise<FenceResult> {
    if (!this.#inOrder) {
      const drained = this.#transport.drained?.();
      const held = drained === undefined ||
        await settlesWithin(drained, options.timeoutMs ?? this.server.timeoutMs);
      const count = this.#log.serverMessageCount;
      return { held, mark: count, end: count };
    }
    let mark: number | undefined;
    let end = this.#log.serverMessageCount;
    for (let round = 0; round < FENCE_ROUNDS; round++) {
      const ping = await this.#fencePing(options);
      mark ??= ping.mark;
      end = ping.mark;
      if (ping.exchange.response === undefined) return { held: false, mark, end };
    }
    return { held: true, mark: mark ?? end, end };
  }

  /**
   * One ping of a fence, and how many server messages the capture held when its answer was routed
   * (frames of the same read are routed before an awaiting caller resumes, so that count is taken
   * as the answer settles).
   */
  async #fencePing(options: RequestOptions = {}): Promise<{ exchange: Exchange; mark: number }> {
    let mark = -1;
    const exchange = await this.#request(this.#revision, "ping", undefined, options, () => {
      mark = this.#log.serverMessageCount;
    });
    return { exchange, mark: mark < 0 ? this.#log.serverMessageCount : mark };
  }

  /**
   * Whether the server's answers come back on one stream in the order it took the messages in
   * (stdio, legacy HTTP+SSE: a fence is sent only once the server accepted what came before it).
   * Streamable HTTP answers each POST on its own response.
   */
  get #inOrder(): boolean {
    return this.#transport.inOrder === true;
  }

  /**
   * Fence a raw frame: settle it as unanswered once the server provably moved past it. The pings
   * share the frame's deadline; when it passes first, the frame's own timeout has decided.
   */
  async #fenceFrame(
    entry: InFlight,
    id: JsonRpcId | undefined,
    timeoutMs: number | undefined,
  ): Promise<Exchange> {
    await entry.sent;
    for (let round = 0; round < FENCE_ROUNDS && !entry.settled; round++) {
      const ping = await Promise.race([
        this.#fencePing(timeoutMs === undefined ? {} : { timeoutMs }),
        entry.done.then(() => undefined),
      ]);
      // Frames are routed in arrival order: an answer that came before the ping's is settled.
      if (entry.settled || ping === undefined) break;
      if (ping.exchange.response === undefined) return entry.done; // no proof: the timeout decides
    }
    if (!entry.settled) {
      const note = this.#unmatched.timeoutNote(entry.startedAt);
      const unreadable = entry.unreadable === undefined ? "" : `; ${entry.unreadable.message}`;
      entry.settle({
        failure: {
          kind: "unanswered",
          message: `no answer to the frame: the server answered ${FENCE_ROUNDS} pings sent ` +
            `after it${note}${unreadable}`,
          ...(entry.unreadable?.layer === undefined ? {} : { layer: entry.unreadable.layer }),
        },
      });
      if (id !== undefined) this.#unmatched.abandoned(id);
    }
    return entry.done;
  }

  /** {@link Session.watch}: every notification from now on, until the returned function is called. */
  watch(listener: (notification: JsonRpcMessage) => void): () => void {
    this.#watchers.add(listener);
    return () => this.#watchers.delete(listener);
  }

  /** {@link Session.settled}: only over a recording (its transport knows when it owes nothing). */
  get settled(): (() => Promise<void>) | undefined {
    const transport = this.#transport;
    return transport.settled ? () => transport.settled!() : undefined;
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
      this.#deadlines.close();
      await settlesWithin(Promise.allSettled([...this.#background]), BACKGROUND_GRACE_MS);
      await this.#transport.close();
    })();
    return this.#closing;
  }

  #dispatch(
    wire: JsonRpcMessage | string,
    captured: unknown,
    id: JsonRpcId | undefined,
    how: DispatchOptions,
  ): InFlight {
    const { headers, timeoutMs, revision, request, onFenceSettled } = how;
    const sentRaw = typeof wire === "string" ? wire : undefined;
    const fence = onFenceSettled !== undefined;
    if (this.#closedBy !== undefined) {
      const entry = new InFlight(request, sentRaw, () => {}, fence);
      entry.settle({ failure: { kind: "closed", message: this.#closedBy } });
      return entry;
    }
    const handle = this.#log.sent(captured);
    this.#observe("sent", wire);
    const entry = new InFlight(request, sentRaw, (settled, exchange) => {
      this.#pending.remove(settled);
      this.#deadlines.forget(settled);
      if (exchange.response !== undefined) this.#log.respond(handle, exchange.response);
      onFenceSettled?.();
    }, fence);
    this.#pending.add(id, entry);
    // Through a local, not `entry.onOverflow = (bytes) => ...`: V8 allocates a function literal
    // assigned to a property in its old space, and that closure (whose context reaches the request,
    // its entry and its exchange) kept every request alive through young collections
    // (docs/performance.md, memory; tests/ci/young_closures_test.ts).
    const onOverflow = (bytes: number) =>
      this.#giveUp(entry, id, revision, {
        kind: "protocol",
        message: `the server sent ${bytes} bytes of notifications during ${
          methodOf(request) || "the request"
        }, over the ${this.#notificationCap}-byte cap (max_notification_bytes on the server entry)`,
      });
    entry.onOverflow = onOverflow;
    how.signal?.addEventListener("abort", () =>
      this.#giveUp(entry, id, revision, {
        kind: "stopped",
        message: `stopped waiting for ${methodOf(request) || "the request"}: the client ended it`,
      }), { once: true });
    if (how.until !== undefined) {
      const until = how.until;
      const onNotification = (notification: JsonRpcMessage) => {
        if (!until(notification)) return;
        this.#giveUp(entry, id, revision, {
          kind: "stopped",
          message: `stopped waiting for ${methodOf(request) || "the request"}: ` +
            `the event it was kept open for came (${methodOf(notification)})`,
        });
      };
      entry.onNotification = onNotification;
    }
    const ms = timeoutMs ?? this.server.timeoutMs;
    this.#deadlines.add(entry, ms, () => this.#timedOut(entry, id, ms, revision));
    entry.sent = this.#transport.send(wire, { headers, signal: entry.controller.signal })
      .catch((error) => entry.settle(outcomeOf(error)));
    return entry;
  }

  #timedOut(
    entry: InFlight,
    id: JsonRpcId | undefined,
    ms: number,
    revision: RevisionInfo | undefined,
  ): void {
    const method = methodOf(entry.request);
    const note = this.#unmatched.timeoutNote(entry.startedAt);
    const message = `no response to ${method || "the request"} within ${ms} ms${note}`;
    // A frame that did not parse or an unmatched response came meanwhile: that, not slowness, is
    // the likely cause.
    this.#giveUp(
      entry,
      id,
      revision,
      entry.unreadable
        ? { ...entry.unreadable, message: `${entry.unreadable.message}; ${message}` }
        : { kind: note === "" ? "timeout" : "protocol", message },
    );
  }

  /** Settle a request the client stops waiting for, and tell the server (unless it cannot be). */
  #giveUp(
    entry: InFlight,
    id: JsonRpcId | undefined,
    revision: RevisionInfo | undefined,
    failure: NonNullable<Exchange["failure"]>,
  ): void {
    if (entry.settled) return;
    const method = methodOf(entry.request);
    entry.settle({ failure });
    if (id !== undefined) this.#unmatched.abandoned(id);
    entry.controller.abort();
    // Tell the server we gave up, except for initialize (MUST NOT be cancelled), raw probes, and
    // stateless HTTP, where closing the response stream (the abort above) is the cancellation.
    const statelessHttp = revision?.lifecycle === "stateless" && this.server.target.kind === "http";
    if (
      id === undefined || entry.sentRaw !== undefined || method === "initialize" || statelessHttp
    ) return;
    this.#inBackground(
      this.notifyAs(revision, "notifications/cancelled", { requestId: id, reason: failure.kind }),
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
      this.#log.server({ raw: frame.raw, parseError: frame.parseError }, frame.raw.length);
      const where = this.server.target.kind === "stdio" ? "stdout" : "an HTTP response";
      const failure = {
        kind: "protocol" as const,
        message: nonJsonMessage(frame.raw, where),
        layer: "framing" as const,
      };
      // It fails the request whose HTTP response carried it. On a stream shared by every request
      // (stdio) nothing can tell which request drew it: each request in flight notes it, and one
      // that then gets no answer says so; one that gets its answer is not judged by it (the
      // compliance rules on the wire, PROTO-008, are).
      if (frame.inReplyTo !== undefined) {
        this.#pending.get(frame.inReplyTo)?.settle({ failure, raw: frame.raw });
      } else {
        for (const entry of this.#pending.all()) entry.noteUnreadable(failure);
        // Before the handshake's answer: nothing sent yet, or a handshake request still waiting
        // (a line after an answer trails that answer, whenever it is read).
        const beforeAnswer = this.#log.sentCount === 0 || this.#pending.all().length > 0;
        if (this.#revision === undefined && beforeAnswer) {
          this.#unreadableBeforeHandshake ??= failure;
        }
      }
      return;
    }
    const messages: unknown[] = Array.isArray(frame.message) ? frame.message : [frame.message];
    for (const message of messages) this.#route(message, frame);
  }

  #route(message: unknown, frame: Frame): void {
    if (typeof message !== "object" || message === null) return this.#log.server({ message });
    if (isRequest(message)) return this.#answer(message, frame.raw.length);
    const stream = frame.inReplyTo === undefined ? undefined : this.#pending.get(frame.inReplyTo);
    if ("method" in message) {
      const bytes = frame.raw.length;
      this.#log.server({ message }, bytes);
      const notification = message as JsonRpcMessage;
      for (const watcher of this.#watchers) watcher(notification);
      const target = stream ?? this.#notificationOwner(notification);
      for (const entry of target ? [target] : this.#pending.all()) {
        entry.attach(notification, bytes, this.#notificationCap);
      }
      return;
    }
    const id = (message as { id?: unknown }).id;
    const usable = typeof id === "string" || typeof id === "number";
    // An answer belongs to the request whose id it carries; one without a usable id to the HTTP
    // response that carried it, or to the one raw frame in flight; so does a parse or invalid
    // request error whose id matches nothing (only a raw frame can draw one: mcptest's own
    // requests parse and are valid). Nothing else adopts an answer.
    const entry = usable
      ? this.#pending.get(id) ?? (rejectsFrame(message) ? this.#pending.soleRaw() : undefined)
      : stream ?? this.#pending.soleRaw();
    if (!entry) return this.#unmatchedResponse(id, message as { error?: unknown }, frame);
    entry.settle({
      response: message as JsonRpcResponse,
      raw: frame.raw,
      ...(frame.http === undefined ? {} : { http: frame.http }),
    });
  }

  /** The one request a notification is about (progress by its token), or undefined (all in flight). */
  #notificationOwner(notification: JsonRpcMessage): InFlight | undefined {
    const { method, params } = notification as { method?: unknown; params?: unknown };
    if (method !== "notifications/progress" || typeof params !== "object" || params === null) {
      return undefined;
    }
    return this.#pending.byProgressToken((params as { progressToken?: unknown }).progressToken);
  }

  /**
   * A response no request in flight claims: a stray (a late answer, or one whose id matches
   * nothing), kept in the capture; it fails a request only when correlated to it (see
   * {@link UnmatchedResponses.match}).
   */
  #unmatchedResponse(id: unknown, message: { error?: unknown }, frame: Frame): void {
    this.#log.server({ message }, frame.raw.length);
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

  /**
   * Answer a server->client request so the server never hangs: ping, and what the client spec
   * declares and scripts (roots, sampling, elicitation); anything else -32601. The request and the
   * answer are attached to every request in flight (what the server asked is a test's target).
   */
  #answer(request: JsonRpcRequest, bytes: number): void {
    // The request is part of the capture and of every exchange in flight from the moment it is
    // read (an answer the server sends right after it must find it there); the reply is filled
    // in once worked out.
    const logged: { message: JsonRpcRequest; reply?: JsonRpcResponse } = { message: request };
    this.#log.server(logged, bytes);
    const record = pendingRecord(request);
    // The record is filled as soon as the reply is worked out; an exchange it is attached to
    // resolves only then, so a test is graded on the reply mcptest gave, whether or not the
    // server waited for it before answering the test's request.
    const filled = this.#responder.answer(request.method, request.params, request.id).then(
      (done) => {
        Object.assign(record, done);
        if (done.detail === undefined) delete (record as { detail?: string }).detail;
        return done;
      },
    );
    for (const entry of this.#pending.all()) entry.attachServerRequest(record, filled);
    // Replies go out in the order the requests came, whatever each took to work out.
    const answered: Promise<void> = this.#answering.then(() => filled).then(async (done) => {
      const reply = { jsonrpc: "2.0", id: request.id, ...done.reply } as JsonRpcResponse;
      logged.reply = reply;
      if (this.#closedBy !== undefined) return;
      this.#observe("sent", reply);
      await this.#transport.send(reply, { headers: revisionHeaders(this.#revision) });
    });
    this.#answering = answered.catch(() => {});
    this.#inBackground(answered);
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

/** JSON-RPC's "Parse error" and "Invalid Request": answers only a malformed frame can draw. */
const FRAME_REJECTIONS: ReadonlySet<unknown> = new Set([-32700, -32600]);

/** Whether a response is a parse error or an invalid request error. */
function rejectsFrame(message: object): boolean {
  const error = (message as { error?: unknown }).error;
  return typeof error === "object" && error !== null &&
    FRAME_REJECTIONS.has((error as { code?: unknown }).code);
}

/**
 * The id a frame that does not parse spells out (`{"jsonrpc": "2.0", "id": "x", "method": `): a
 * server may read it from the text and answer with it, and then that answer is the frame's.
 */
export function textualId(raw: string): string | number | undefined {
  const match = /"id"\s*:\s*("(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?)/.exec(raw);
  if (!match) return undefined;
  try {
    const id: unknown = JSON.parse(match[1]!);
    return typeof id === "string" || typeof id === "number" ? id : undefined;
  } catch {
    return undefined;
  }
}

/** How {@link McpSession} sends one message (internal). */
interface DispatchOptions {
  readonly headers: Record<string, string>;
  readonly timeoutMs: number | undefined;
  readonly revision: RevisionInfo | undefined;
  readonly request: JsonRpcMessage;
  readonly onFenceSettled: (() => void) | undefined;
  readonly until: ((notification: JsonRpcMessage) => boolean) | undefined;
  readonly signal?: AbortSignal | undefined;
}

/** The method of a message, or "". */
function methodOf(message: unknown): string {
  const method = (message as { method?: unknown } | null)?.method;
  return typeof method === "string" ? method : "";
}

/**
 * The record of a server request whose reply is still being worked out (a scripted reply's
 * conditions are matched asynchronously): filled in place once it is. An exchange it is attached
 * to waits for that, so it stays as it is only when no reply could be worked out.
 */
function pendingRecord(request: JsonRpcRequest): ServerRequestRecord {
  return {
    request: {
      method: request.method,
      ...(request.params === undefined ? {} : { params: request.params }),
      id: request.id,
    },
    reply: { error: { code: -32603, message: "mcptest: the reply was still being worked out" } },
    kind: "unscripted",
    detail: "mcptest could not work out its reply",
  };
}
