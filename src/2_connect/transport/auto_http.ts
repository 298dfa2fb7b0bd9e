/** @module `transport: auto` for HTTP targets: Streamable HTTP first, HTTP+SSE when a POST says it is not one. */

import type { HttpTarget } from "./target.ts";
import type { JsonRpcMessage } from "../../0_base/protocol/jsonrpc.ts";
import { LegacySseTransport } from "./legacy_sse.ts";
import { registerTransport, unregisterTransport } from "./registry.ts";
import { type HttpTransportOptions, StreamableHttpTransport } from "./streamable_http.ts";
import { TransportError } from "./transport_error.ts";
import type { Frame, SendOptions, Transport, TransportEvent } from "./types.ts";

/** Statuses that mean "not a Streamable HTTP endpoint" (spec back-compat rule). */
const FALLBACK_STATUSES: ReadonlySet<number> = new Set([400, 404, 405]);

/**
 * Tries Streamable HTTP. Until one POST is answered, a POST rejected with 404 or 405 (or 400 for
 * `initialize`, as the spec's back-compat rule says) without a JSON-RPC body makes it open the
 * legacy HTTP+SSE stream at the same URL and re-send the message there. A 400 to anything else
 * (such as the `server/discover` probe) is not taken as a sign of the old transport.
 */
export class AutoHttpTransport implements Transport {
  readonly label: string;
  /** Frames of whichever transport is active. */
  onFrame: (frame: Frame) => void = () => {};
  /** Events of whichever transport is active. */
  onEvent: (event: TransportEvent) => void = () => {};

  readonly #target: HttpTarget;
  readonly #options: HttpTransportOptions;
  #active: Transport;
  #decided = false;
  /** Sends made before the decision run one at a time. */
  #gate: Promise<unknown> = Promise.resolve();

  constructor(target: HttpTarget, options: HttpTransportOptions = {}) {
    this.#target = target;
    this.#options = options;
    this.#active = this.#wire(new StreamableHttpTransport(target, options));
    this.label = this.#active.label;
  }

  /** Which transport is in use: `streamable-http` unless a fallback happened. */
  get kind(): "streamable-http" | "sse" {
    return this.#active instanceof LegacySseTransport ? "sse" : "streamable-http";
  }

  /** Whether the active transport is in order (after a fallback to HTTP+SSE). */
  get inOrder(): boolean {
    return this.#active.inOrder === true;
  }

  /** The active transport's response streams have ended. */
  async drained(): Promise<void> {
    await this.#active.drained?.();
  }

  /** The active transport's session headers. */
  get sessionHeaders(): Readonly<Record<string, string>> {
    return this.#active.sessionHeaders ?? {};
  }

  /** Starts the Streamable HTTP side (nothing goes on the wire yet). */
  async start(): Promise<void> {
    registerTransport(this);
    await this.#active.start();
  }

  /** Send on the active transport; before the decision, sends are serialised. */
  send(message: JsonRpcMessage | string, options?: SendOptions): Promise<void> {
    if (this.#decided) return this.#active.send(message, options);
    const attempt = this.#gate.then(() => this.#attempt(message, options));
    this.#gate = attempt.catch(() => {});
    return attempt;
  }

  /** Close the active transport. Idempotent. */
  async close(): Promise<void> {
    await this.#active.close();
    await this.#gate;
    await this.#active.close();
    unregisterTransport(this);
  }

  async #attempt(message: JsonRpcMessage | string, options?: SendOptions): Promise<void> {
    if (this.#decided) return this.#active.send(message, options);
    try {
      await this.#active.send(message, options);
      this.#decided = true;
      return;
    } catch (error) {
      if (!this.#isFallbackSignal(error, message)) throw error;
      const legacy = this.#wire(new LegacySseTransport(this.#target, this.#options));
      try {
        await legacy.start();
      } catch {
        await legacy.close();
        throw error;
      }
      const streamable = this.#active;
      this.#active = legacy;
      this.#decided = true;
      await streamable.close();
    }
    await this.#active.send(message, options);
  }

  #isFallbackSignal(error: unknown, message: JsonRpcMessage | string): boolean {
    const status = error instanceof TransportError ? error.http?.status : undefined;
    if (status === undefined || !FALLBACK_STATUSES.has(status)) return false;
    return status !== 400 || isInitialize(message);
  }

  #wire<T extends Transport>(transport: T): T {
    const onFrame = (frame: Frame) => this.onFrame(frame);
    const onEvent = (event: TransportEvent) => this.onEvent(event);
    transport.onFrame = onFrame;
    transport.onEvent = onEvent;
    return transport;
  }
}

function isInitialize(message: JsonRpcMessage | string): boolean {
  if (typeof message !== "string") return "method" in message && message.method === "initialize";
  try {
    return (JSON.parse(message) as { method?: unknown }).method === "initialize";
  } catch {
    return false;
  }
}
