/** @module The replay transport: answers each frame from a recording, no process spawned, no socket opened. */

import type { JsonRpcId, JsonRpcMessage } from "../../0_base/protocol/jsonrpc.ts";
import { TransportError } from "./transport_error.ts";
import type { Frame, HttpInfo, SendOptions, Transport, TransportEvent } from "./types.ts";

/** What the recording answers to one client message. */
export interface ReplayAnswer {
  /** Messages to deliver, in order (notifications and server requests first, the response last). */
  readonly messages: readonly unknown[];
  /** The recorded HTTP facts of the response, for HTTP recordings. */
  readonly http?: HttpInfo;
}

/** A recording that can answer messages (the cassette module builds one from a cassette). */
export interface ReplaySource {
  /**
   * The answer to `message`: frames to deliver, `{ stale }` when the recording does not hold the
   * request (the text says which field differs and how to re-record), or undefined when nothing
   * is owed (a notification, a reply to a server request).
   */
  answer(message: unknown): ReplayAnswer | { readonly stale: string } | undefined;
}

/**
 * A transport over a recording. Each request is answered from the {@link ReplaySource}; a request
 * the recording does not hold fails that request (a transport `error` event naming the stale
 * field), never reaching any network.
 */
export class ReplayTransport implements Transport {
  readonly label: string;
  onFrame: (frame: Frame) => void = () => {};
  onEvent: (event: TransportEvent) => void = () => {};
  readonly #source: ReplaySource;
  #closed = false;
  /**
   * Server requests delivered and not yet answered, by id: the recorded frames after one wait for
   * the client's reply, as the recorded server waited (a scripted reply is worked out async).
   */
  readonly #awaiting = new Map<JsonRpcId, () => void>();

  /** @param label the recorded target's label (captures and reports show it) */
  constructor(label: string, source: ReplaySource) {
    this.label = label;
    this.#source = source;
  }

  /** Nothing to open. */
  start(): Promise<void> {
    if (this.#closed) {
      return Promise.reject(new TransportError("closed", "replay transport closed"));
    }
    return Promise.resolve();
  }

  /** Answer `message` from the recording (frames arrive after this resolves). */
  send(message: JsonRpcMessage | string, _options?: SendOptions): Promise<void> {
    if (this.#closed) {
      return Promise.reject(new TransportError("closed", "replay transport closed"));
    }
    let parsed: unknown = message;
    if (typeof message === "string") {
      try {
        parsed = JSON.parse(message);
      } catch (error) {
        const reply = {
          jsonrpc: "2.0",
          id: null,
          error: { code: -32700, message: `Parse error: ${(error as Error).message}` },
        };
        queueMicrotask(() => this.#deliver([reply], undefined, undefined));
        return Promise.resolve();
      }
    }
    const id = idOf(parsed);
    const waiting = isReply(parsed) && id !== undefined ? this.#awaiting.get(id) : undefined;
    if (waiting) {
      this.#awaiting.delete(id!);
      waiting();
      return Promise.resolve();
    }
    const answer = this.#source.answer(parsed);
    if (answer === undefined) return Promise.resolve();
    if ("stale" in answer) {
      const stale = answer.stale;
      queueMicrotask(() => {
        if (this.#closed) return;
        this.onEvent(
          id === undefined
            ? { kind: "error", message: stale }
            : { kind: "error", message: stale, requestId: id },
        );
      });
      return Promise.resolve();
    }
    queueMicrotask(() => this.#deliver(answer.messages, answer.http, id));
    return Promise.resolve();
  }

  async #deliver(
    messages: readonly unknown[],
    http: HttpInfo | undefined,
    id: JsonRpcId | undefined,
  ) {
    for (const message of messages) {
      if (this.#closed) return;
      const asks = isReply(message) ? undefined : requestIdOf(message);
      const replied = asks === undefined
        ? undefined
        : new Promise<void>((resolve) => this.#awaiting.set(asks, resolve));
      this.onFrame({
        raw: JSON.stringify(message),
        message,
        at: performance.now(),
        ...(http === undefined ? {} : { http }),
        ...(id === undefined ? {} : { inReplyTo: id }),
      });
      if (replied) await replied;
    }
  }

  /** Stop answering. Idempotent. */
  close(): Promise<void> {
    this.#closed = true;
    for (const resume of this.#awaiting.values()) resume();
    this.#awaiting.clear();
    return Promise.resolve();
  }
}

/** Whether `message` is a response (an id, a result or an error, no method). */
function isReply(message: unknown): boolean {
  if (message === null || typeof message !== "object") return false;
  const m = message as Record<string, unknown>;
  return m.method === undefined && ("result" in m || "error" in m);
}

/** The id of a request (a method and an id), else undefined. */
function requestIdOf(message: unknown): JsonRpcId | undefined {
  if (message === null || typeof message !== "object") return undefined;
  return typeof (message as { method?: unknown }).method === "string" ? idOf(message) : undefined;
}

function idOf(message: unknown): JsonRpcId | undefined {
  if (message === null || typeof message !== "object") return undefined;
  const id = (message as { id?: unknown }).id;
  return typeof id === "string" || typeof id === "number" ? id : undefined;
}
