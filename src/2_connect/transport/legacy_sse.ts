/** @module The legacy HTTP+SSE transport (2024-11-05): a GET event stream plus POSTs to the `endpoint` it names. */

import type { HttpTarget } from "./target.ts";
import type { JsonRpcMessage } from "../../0_base/protocol/jsonrpc.ts";
import {
  buildHeaders,
  DEFAULT_HTTP_TIMEOUT_MS,
  discardBody,
  fetchAuthorized,
  fetchFailure,
  type fetchSameOrigin,
  httpInfoOf,
  isJsonRpcPayload,
  originOf,
  readBodyCapped,
  statusError,
  tryParseJson,
} from "./http_fetch.ts";
import { ConnectError, httpStatusFailure, redactUrl } from "./failure_layer.ts";
import { makeFrame } from "./frame.ts";
import { registerTransport, unregisterTransport } from "./registry.ts";
import { readSse } from "./sse_parser.ts";
import { TransportError } from "./transport_error.ts";
import type { Frame, HttpInfo, SendOptions, Transport, TransportEvent } from "./types.ts";
import type { HttpTransportOptions } from "./streamable_http.ts";

/** Opens the SSE stream, waits for the `endpoint` event, then POSTs messages to that endpoint. */
export class LegacySseTransport implements Transport {
  readonly label: string;
  /** One event stream carries every answer, in the order the server handled the POSTs. */
  readonly inOrder = true;
  /** Called for every `message` event of the stream. */
  onFrame: (frame: Frame) => void = () => {};
  /** Called when the stream closes or fails. */
  onEvent: (event: TransportEvent) => void = () => {};

  readonly #url: string;
  readonly #headers: Readonly<Record<string, string>>;
  readonly #timeoutMs: number;
  readonly #maxMessageBytes: number | undefined;
  readonly #auth: HttpTransportOptions["auth"];
  readonly #stream = new AbortController();
  readonly #posts = new Set<AbortController>();
  #endpoint: string | undefined;
  #pump: Promise<void> = Promise.resolve();
  #closed = false;
  #closing: Promise<void> | undefined;

  constructor(target: HttpTarget, options: HttpTransportOptions = {}) {
    this.#url = target.url;
    this.label = redactUrl(target.url);
    this.#headers = target.headers;
    this.#timeoutMs = options.timeoutMs ?? DEFAULT_HTTP_TIMEOUT_MS;
    this.#maxMessageBytes = target.maxMessageBytes;
    this.#auth = options.auth;
  }

  /** The POST endpoint the server announced (absolute), once started. */
  get endpoint(): string | undefined {
    return this.#endpoint;
  }

  /** GET the stream and wait (bounded by the timeout) for the `endpoint` event. Throws ConnectError. */
  async start(): Promise<void> {
    if (this.#endpoint !== undefined) return;
    registerTransport(this);
    const timer = setTimeout(
      () => this.#stream.abort(new DOMException("endpoint timeout", "TimeoutError")),
      this.#timeoutMs,
    );
    try {
      const { response, url, redirects } = await this.#open();
      const http = httpInfoOf(response, redirects);
      this.#endpoint = await this.#awaitEndpoint(response, http, url);
    } catch (error) {
      this.#stream.abort();
      await this.#pump;
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }

  /** POST one message to the endpoint; the response arrives on the stream. */
  async send(message: JsonRpcMessage | string, options: SendOptions = {}): Promise<void> {
    const endpoint = this.#endpoint;
    if (this.#closed || endpoint === undefined) {
      throw new TransportError("closed", "the SSE stream is not open");
    }
    const controller = new AbortController();
    this.#posts.add(controller);
    const signal = AbortSignal.any([
      controller.signal,
      options.signal ?? AbortSignal.timeout(this.#timeoutMs),
    ]);
    try {
      let response: Response;
      let redirects: Awaited<ReturnType<typeof fetchSameOrigin>>["redirects"];
      let text: string;
      try {
        ({ response, redirects } = await fetchAuthorized(endpoint, {
          method: "POST",
          headers: buildHeaders(
            { "content-type": "application/json" },
            this.#headers,
            options.headers,
          ),
          body: typeof message === "string" ? message : JSON.stringify(message),
          signal,
        }, this.#auth));
        text = await readBodyCapped(
          response,
          httpInfoOf(response, redirects),
          this.#maxMessageBytes,
        );
      } catch (error) {
        if (error instanceof TransportError) throw error;
        throw fetchFailure(error, endpoint, signal);
      }
      const http = httpInfoOf(response, redirects);
      const payload = isJsonRpcPayload(tryParseJson(text));
      if (response.status >= 400 && !payload) throw statusError(endpoint, http);
      if (payload) this.onFrame(makeFrame(text, http));
    } finally {
      this.#posts.delete(controller);
    }
  }

  /** Abort the stream and any POST in flight. Idempotent. */
  close(): Promise<void> {
    this.#closed = true;
    this.#closing ??= (async () => {
      this.#stream.abort();
      for (const controller of this.#posts) controller.abort();
      await this.#pump;
      unregisterTransport(this);
    })();
    return this.#closing;
  }

  async #open(): Promise<Awaited<ReturnType<typeof fetchSameOrigin>>> {
    let followed: Awaited<ReturnType<typeof fetchSameOrigin>>;
    try {
      followed = await fetchAuthorized(this.#url, {
        method: "GET",
        headers: buildHeaders({ accept: "text/event-stream" }, this.#headers),
        signal: this.#stream.signal,
      }, this.#auth);
    } catch (error) {
      if (error instanceof TransportError) {
        throw new ConnectError(error.layer ?? "http", error.message, {
          cause: error,
          ...(error.http === undefined ? {} : { http: error.http }),
        });
      }
      const failure = fetchFailure(error, this.#url, this.#stream.signal);
      throw new ConnectError(failure.layer ?? "tcp", failure.message, { cause: error });
    }
    const { response } = followed;
    const http = httpInfoOf(response, followed.redirects);
    if (response.status >= 400) {
      await discardBody(response);
      throw httpStatusFailure(response.status, this.#url, http);
    }
    const type = response.headers.get("content-type") ?? "";
    if (!response.body || !type.toLowerCase().includes("text/event-stream")) {
      await discardBody(response);
      throw new ConnectError(
        "http",
        `http ${response.status} from ${redactUrl(this.#url)}: expected text/event-stream, got ${
          type || "no content type"
        }`,
        { http },
      );
    }
    return followed;
  }

  /**
   * Start pumping the stream; resolves with the absolute endpoint URL (relative to `base`, the
   * URL that answered). An endpoint on another origin is refused: POSTs carry the headers.
   */
  #awaitEndpoint(response: Response, http: HttpInfo, base: string): Promise<string> {
    const body = response.body as ReadableStream<Uint8Array>;
    return new Promise<string>((resolve, reject) => {
      let announced = false;
      this.#pump = readSse(body, {
        maxEventBytes: this.#maxMessageBytes,
        onEvent: (event) => {
          if (event.event === "endpoint" && !announced) {
            announced = true;
            try {
              const endpoint = new URL(event.data.trim(), base);
              if (endpoint.origin !== originOf(base)) {
                reject(
                  new ConnectError(
                    "http",
                    `endpoint event from ${this.label} names another origin, ${endpoint.origin} (the stream is on ${
                      originOf(base)
                    }): refused, mcptest never sends a request or its headers to another origin`,
                    { http },
                  ),
                );
                return;
              }
              resolve(endpoint.toString());
            } catch {
              reject(
                new ConnectError(
                  "http",
                  `invalid endpoint event from ${this.label}: ${event.data}`,
                  { http },
                ),
              );
            }
          } else if (event.event === "message" && event.data !== "") {
            this.onFrame(makeFrame(event.data, http));
          }
        },
      }, this.#stream.signal).then(
        () => this.#ended(announced, reject, http, "the server closed the SSE stream"),
        (error) => {
          const failure = error instanceof TransportError
            ? error
            : fetchFailure(error, this.#url, this.#stream.signal);
          this.#ended(announced, reject, http, failure.message, failure.kind === "timeout");
        },
      );
    });
  }

  #ended(
    announced: boolean,
    reject: (error: Error) => void,
    http: HttpInfo,
    message: string,
    timedOut = false,
  ): void {
    if (!announced) {
      const why = timedOut
        ? `no endpoint event within ${this.#timeoutMs} ms`
        : `${message} before the endpoint event`;
      reject(new ConnectError("http", `http ${http.status} from ${this.label}: ${why}`, { http }));
      return;
    }
    if (!this.#closed) this.onEvent({ kind: "closed", message, http });
  }
}
