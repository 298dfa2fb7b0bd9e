/** @module The Streamable HTTP transport (2025-03-26+): one POST per message, JSON or SSE responses, session ids. */

import type { HttpTarget } from "./target.ts";
import type { JsonRpcId, JsonRpcMessage } from "../../0_base/protocol/jsonrpc.ts";
import { delay } from "./wait.ts";
import {
  buildHeaders,
  DEFAULT_HTTP_TIMEOUT_MS,
  discardBody,
  fetchAuthorized,
  fetchFailure,
  type Followed,
  httpInfoOf,
  isJsonRpcPayload,
  readBodyCapped,
  type RequestAuth,
  statusError,
  tryParseJson,
} from "./http_fetch.ts";
import { redactUrl } from "./failure_layer.ts";
import { makeFrame, requestIdOf } from "./frame.ts";
import { registerTransport, unregisterTransport } from "./registry.ts";
import { readSse } from "./sse_parser.ts";
import { TransportError } from "./transport_error.ts";
import type { Frame, HttpInfo, SendOptions, Transport, TransportEvent } from "./types.ts";

/** Tuning of the HTTP transports. */
export interface HttpTransportOptions {
  /** Timeout of one HTTP exchange when the sender passes no abort signal (default 30 s). */
  readonly timeoutMs?: number;
  /** GET reconnections allowed to resume a response stream the server closed early (default 3). */
  readonly maxResumes?: number;
  /** Credentials of the server (shared by its connections in a run); absent: none. */
  readonly auth?: RequestAuth;
  /**
   * Open the GET event stream once `notifications/initialized` is sent, for the requests and
   * notifications the server sends outside any response (roots/list on its own initiative). Set
   * when the client declares a capability the server may ask about; a 405 is no stream, quietly.
   */
  readonly listen?: boolean;
}

const POST_DEFAULTS = {
  "accept": "application/json, text/event-stream",
  "content-type": "application/json",
} as const;
const SESSION_HEADER = "mcp-session-id";
const VERSION_HEADER = "mcp-protocol-version";
const DELETE_TIMEOUT_MS = 2000;
const DEFAULT_RETRY_MS = 1000;

/** POSTs each message to the endpoint; responses arrive as a JSON body or an SSE stream. */
export class StreamableHttpTransport implements Transport {
  readonly label: string;
  /** Called for every JSON body and every SSE data payload. */
  onFrame: (frame: Frame) => void = () => {};
  /** Called when a response stream fails or ends without the response. */
  onEvent: (event: TransportEvent) => void = () => {};

  readonly #url: string;
  readonly #headers: Readonly<Record<string, string>>;
  readonly #timeoutMs: number;
  readonly #maxResumes: number;
  readonly #maxMessageBytes: number | undefined;
  readonly #auth: RequestAuth | undefined;
  readonly #listen: boolean;
  #listenStarted = false;
  /** The GET event stream's reader while it is open. */
  #listening: Promise<void> | undefined;
  readonly #controllers = new Set<AbortController>();
  readonly #pumps = new Set<Promise<void>>();
  #sessionId: string | undefined;
  #versionHeader: string | undefined;
  #closed = false;
  #closing: Promise<void> | undefined;

  constructor(target: HttpTarget, options: HttpTransportOptions = {}) {
    this.#url = target.url;
    this.label = redactUrl(target.url);
    this.#headers = target.headers;
    this.#timeoutMs = options.timeoutMs ?? DEFAULT_HTTP_TIMEOUT_MS;
    this.#maxResumes = options.maxResumes ?? 3;
    this.#maxMessageBytes = target.maxMessageBytes;
    this.#auth = options.auth;
    this.#listen = options.listen === true;
  }

  /** `mcp-session-id` once the server assigned one. */
  get sessionHeaders(): Readonly<Record<string, string>> {
    return this.#sessionId === undefined ? {} : { [SESSION_HEADER]: this.#sessionId };
  }

  /** Nothing to open: the first POST connects. */
  start(): Promise<void> {
    registerTransport(this);
    return Promise.resolve();
  }

  /** POST one message; resolves once the response headers (and a JSON body) arrived. */
  async send(message: JsonRpcMessage | string, options: SendOptions = {}): Promise<void> {
    if (this.#closed) throw new TransportError("closed", "transport is closed");
    this.#rememberVersion(options.headers);
    const inReplyTo = requestIdOf(message);
    const controller = new AbortController();
    this.#controllers.add(controller);
    const signal = AbortSignal.any([
      controller.signal,
      options.signal ?? AbortSignal.timeout(this.#timeoutMs),
    ]);
    let streaming = false;
    try {
      const { response, redirects } = await this.#fetch({
        method: "POST",
        headers: buildHeaders(POST_DEFAULTS, this.#headers, this.sessionHeaders, options.headers),
        body: typeof message === "string" ? message : JSON.stringify(message),
        signal,
      });
      const http = httpInfoOf(response, redirects);
      const sessionId = response.headers.get(SESSION_HEADER);
      if (sessionId !== null && sessionId !== "") this.#sessionId = sessionId;
      if (response.ok && response.body && isEventStream(response)) {
        streaming = true;
        this.#track(this.#pump(response.body, http, inReplyTo, signal, controller));
        return;
      }
      await this.#readBody(response, http, inReplyTo, signal);
    } finally {
      if (!streaming) this.#controllers.delete(controller);
    }
    if (this.#listen && isInitialized(message) && this.#sessionId !== undefined) {
      await this.#openListenStream();
    }
  }

  /**
   * GET the server's own event stream (once): resolves when it is open or refused (bounded by the
   * transport timeout), so whatever the server sends there after that reaches the client.
   */
  async #openListenStream(): Promise<void> {
    if (this.#listenStarted || this.#closed) return;
    this.#listenStarted = true;
    const controller = new AbortController();
    this.#controllers.add(controller);
    // The timeout bounds the wait for the headers only: the stream itself stays open until close.
    const timer = setTimeout(() => controller.abort(), this.#timeoutMs);
    try {
      const { response, redirects } = await this.#fetch({
        method: "GET",
        headers: this.#streamHeaders(),
        signal: controller.signal,
      }).finally(() => clearTimeout(timer));
      if (response.ok && response.body && isEventStream(response)) {
        const http = httpInfoOf(response, redirects);
        this.#listening = readSse(response.body, {
          maxEventBytes: this.#maxMessageBytes,
          onEvent: (event) => {
            if (event.data !== "") this.onFrame(makeFrame(event.data, http, undefined));
          },
        }, controller.signal).catch(() => {}).finally(() => this.#controllers.delete(controller));
        return;
      }
      await discardBody(response);
    } catch {
      // No stream (refused, unreachable, timed out): the server's own requests cannot arrive.
    }
    this.#controllers.delete(controller);
  }

  /** Resolves once every POST response stream opened so far has ended. */
  async drained(): Promise<void> {
    await Promise.allSettled([...this.#pumps]);
  }

  /** Abort open streams, DELETE the session (short timeout, 405 ignored). Idempotent. */
  close(): Promise<void> {
    this.#closed = true;
    this.#closing ??= this.#shutdown();
    return this.#closing;
  }

  async #shutdown(): Promise<void> {
    for (const controller of this.#controllers) controller.abort();
    await Promise.allSettled([...this.#pumps, this.#listening]);
    if (this.#sessionId !== undefined) {
      const version = this.#versionHeader === undefined
        ? {}
        : { [VERSION_HEADER]: this.#versionHeader };
      try {
        const { response } = await fetchAuthorized(this.#url, {
          method: "DELETE",
          headers: buildHeaders(this.#headers, this.sessionHeaders, version),
          signal: AbortSignal.timeout(DELETE_TIMEOUT_MS),
        }, this.#auth);
        await discardBody(response);
      } catch {
        // Best effort: the server may be gone already.
      }
    }
    unregisterTransport(this);
  }

  /** fetch the endpoint; same-origin redirects followed and recorded, cross-origin refused. */
  async #fetch(init: RequestInit & { signal: AbortSignal; headers: Headers }): Promise<Followed> {
    try {
      return await fetchAuthorized(this.#url, init, this.#auth);
    } catch (error) {
      if (error instanceof TransportError) throw error;
      throw fetchFailure(error, this.#url, init.signal);
    }
  }

  async #readBody(
    response: Response,
    http: HttpInfo,
    inReplyTo: JsonRpcId | undefined,
    signal: AbortSignal,
  ): Promise<void> {
    let text: string;
    try {
      text = await readBodyCapped(response, http, this.#maxMessageBytes);
    } catch (error) {
      if (error instanceof TransportError) throw error;
      throw fetchFailure(error, this.#url, signal);
    }
    if (response.status >= 400) {
      if (!isJsonRpcPayload(tryParseJson(text))) throw statusError(this.#url, http);
    } else if (text.trim() === "") {
      return;
    }
    this.onFrame(makeFrame(text, http, inReplyTo));
  }

  /** Deliver SSE data payloads; resume with GET + Last-Event-ID if the stream ends early. */
  async #pump(
    body: ReadableStream<Uint8Array>,
    firstHttp: HttpInfo,
    inReplyTo: JsonRpcId | undefined,
    signal: AbortSignal,
    controller: AbortController,
  ): Promise<void> {
    let stream = body;
    let http = firstHttp;
    let answered = false;
    let lastId = "";
    let retryMs = DEFAULT_RETRY_MS;
    try {
      for (let resumes = 0;; resumes++) {
        await readSse(stream, {
          maxEventBytes: this.#maxMessageBytes,
          onEvent: (event) => {
            lastId = event.id;
            retryMs = event.retry ?? retryMs;
            if (event.data === "") return;
            const frame = makeFrame(event.data, http, inReplyTo);
            if (inReplyTo !== undefined && answers(frame.message, inReplyTo)) answered = true;
            this.onFrame(frame);
          },
        }, signal);
        if (answered || inReplyTo === undefined || this.#closed) return;
        if (lastId === "" || resumes >= this.#maxResumes) {
          return this.#streamEnded(
            inReplyTo,
            http,
            "the response stream ended before the response",
          );
        }
        await delay(retryMs, signal);
        const { response, redirects } = await this.#fetch({
          method: "GET",
          headers: this.#streamHeaders({ "last-event-id": lastId }),
          signal,
        });
        http = httpInfoOf(response, redirects);
        if (!response.ok || !response.body || !isEventStream(response)) {
          await discardBody(response);
          return this.#streamEnded(
            inReplyTo,
            http,
            `resuming the response stream got http ${response.status}`,
          );
        }
        stream = response.body;
      }
    } catch (error) {
      if (this.#closed || inReplyTo === undefined) return;
      const failure = error instanceof TransportError
        ? error
        : fetchFailure(error, this.#url, signal);
      if (failure.kind === "closed") return;
      this.onEvent({ kind: "error", message: failure.message, requestId: inReplyTo, http });
    } finally {
      this.#controllers.delete(controller);
    }
  }

  #streamEnded(requestId: JsonRpcId, http: HttpInfo, message: string): void {
    if (!this.#closed) this.onEvent({ kind: "error", message, requestId, http });
  }

  /** The headers of a GET for an event stream (`extra`: Last-Event-ID to resume one). */
  #streamHeaders(extra: Readonly<Record<string, string>> = {}): Headers {
    const version = this.#versionHeader === undefined
      ? {}
      : { [VERSION_HEADER]: this.#versionHeader };
    return buildHeaders(
      { accept: "text/event-stream" },
      this.#headers,
      this.sessionHeaders,
      version,
      extra,
    );
  }

  #rememberVersion(headers: Readonly<Record<string, string>> | undefined): void {
    for (const [name, value] of Object.entries(headers ?? {})) {
      if (name.toLowerCase() === VERSION_HEADER) this.#versionHeader = value;
    }
  }

  #track(pump: Promise<void>): void {
    this.#pumps.add(pump);
    pump.finally(() => this.#pumps.delete(pump));
  }
}

function isInitialized(message: JsonRpcMessage | string): boolean {
  return typeof message === "object" && message !== null &&
    (message as { method?: unknown }).method === "notifications/initialized";
}

function isEventStream(response: Response): boolean {
  return (response.headers.get("content-type") ?? "").toLowerCase().includes("text/event-stream");
}

function answers(message: unknown, id: JsonRpcId): boolean {
  return typeof message === "object" && message !== null && !("method" in message) &&
    (message as { id?: unknown }).id === id;
}
