/** @module A transport wrapper that logs every frame sent and received, in order, for a cassette. */

import type { JsonRpcMessage } from "../../0_base/protocol/jsonrpc.ts";
import type {
  Frame,
  HttpInfo,
  SendOptions,
  Transport,
  TransportEvent,
} from "../transport/types.ts";

/** One wire event, in the order it happened. */
export type WireEvent =
  | { readonly dir: "sent"; readonly message: unknown }
  | {
    readonly dir: "received";
    readonly message?: unknown;
    readonly raw: string;
    readonly parseError?: string;
    readonly http?: HttpInfo;
    readonly inReplyTo?: string | number;
  };

/** Wraps a transport: everything passes through unchanged, and is also appended to `events`. */
export class RecordingTransport implements Transport {
  /** Everything sent and received, in order. */
  readonly events: WireEvent[] = [];
  readonly #inner: Transport;
  onFrame: (frame: Frame) => void = () => {};
  onEvent: (event: TransportEvent) => void = () => {};

  constructor(inner: Transport) {
    this.#inner = inner;
    const onFrame = (frame: Frame) => {
      this.events.push({
        dir: "received",
        raw: frame.raw,
        ...(frame.message === undefined ? {} : { message: frame.message }),
        ...(frame.parseError === undefined ? {} : { parseError: frame.parseError }),
        ...(frame.http === undefined ? {} : { http: frame.http }),
        ...(frame.inReplyTo === undefined ? {} : { inReplyTo: frame.inReplyTo }),
      });
      this.onFrame(frame);
    };
    const onEvent = (event: TransportEvent) => this.onEvent(event);
    inner.onFrame = onFrame;
    inner.onEvent = onEvent;
  }

  /** The wrapped transport's label. */
  get label(): string {
    return this.#inner.label;
  }

  /** Whether the recorded transport is in order. */
  get inOrder(): boolean {
    return this.#inner.inOrder === true;
  }

  /** The recorded transport's response streams have ended. */
  async drained(): Promise<void> {
    await this.#inner.drained?.();
  }

  /** The wrapped transport's session headers (none: an empty object). */
  get sessionHeaders(): Readonly<Record<string, string>> {
    return this.#inner.sessionHeaders ?? {};
  }

  /** Start the wrapped transport. */
  start(): Promise<void> {
    return this.#inner.start();
  }

  /** Log the message (parsed, when a string parses), then send it. */
  send(message: JsonRpcMessage | string, options?: SendOptions): Promise<void> {
    let logged: unknown = message;
    if (typeof message === "string") {
      try {
        logged = JSON.parse(message);
      } catch {
        logged = { raw: message };
      }
    }
    this.events.push({ dir: "sent", message: logged });
    return this.#inner.send(message, options);
  }

  /** Close the wrapped transport. */
  close(): Promise<void> {
    return this.#inner.close();
  }
}
