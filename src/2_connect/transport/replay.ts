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
  /**
   * What the client answered to each server request among `messages` when it was recorded (by the
   * request's id, as the recording holds it: normalised, secrets hidden).
   */
  readonly replies?: ReadonlyMap<JsonRpcId, unknown>;
}

/** A recording that can answer messages (the cassette module builds one from a cassette). */
export interface ReplaySource {
  /**
   * The answer to `message`: frames to deliver, `{ stale }` when the recording does not hold the
   * request (the text says which field differs and how to re-record), or undefined when nothing
   * is owed (a notification, a reply to a server request).
   */
  answer(message: unknown): ReplayAnswer | { readonly stale: string } | undefined;
  /**
   * Why the client's `reply` to a server request differs from the `recorded` one (both compared as
   * the recording would hold them), or undefined when it is the same.
   */
  replyDiffers?(recorded: unknown, reply: unknown): string | undefined;
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
  readonly #awaiting = new Map<JsonRpcId, (reply: unknown) => void>();
  /** Deliveries scheduled or under way, and who waits for none to be left. */
  #delivering = 0;
  #onSettled: (() => void)[] = [];

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
        queueMicrotask(() => this.#deliver({ messages: [reply] }, undefined));
        return Promise.resolve();
      }
    }
    const id = idOf(parsed);
    const waiting = isReply(parsed) && id !== undefined ? this.#awaiting.get(id) : undefined;
    if (waiting) {
      this.#awaiting.delete(id!);
      waiting(parsed);
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
    this.#delivering++;
    queueMicrotask(() => {
      this.#deliver(answer, id).finally(() => {
        if (--this.#delivering > 0) return;
        const waiting = this.#onSettled;
        this.#onSettled = [];
        for (const resolve of waiting) resolve();
      });
    });
    return Promise.resolve();
  }

  /**
   * Resolves once every frame owed so far has been delivered: a recording sends nothing more until
   * the client sends again (a sequence's `await:` fails at once instead of waiting for its timeout).
   */
  settled(): Promise<void> {
    if (this.#delivering === 0 || this.#closed) return Promise.resolve();
    return new Promise((resolve) => this.#onSettled.push(resolve));
  }

  async #deliver(answer: ReplayAnswer, id: JsonRpcId | undefined) {
    const { messages, http } = answer;
    for (const message of messages) {
      if (this.#closed) return;
      const asks = isReply(message) ? undefined : requestIdOf(message);
      const replied = asks === undefined
        ? undefined
        : new Promise<unknown>((resolve) => this.#awaiting.set(asks, resolve));
      this.onFrame({
        raw: JSON.stringify(message),
        message,
        at: performance.now(),
        ...(http === undefined ? {} : { http }),
        ...(id === undefined ? {} : { inReplyTo: id }),
      });
      if (!replied) continue;
      const reply = await replied;
      const recorded = answer.replies?.get(asks!);
      const differs = recorded === undefined || reply === undefined
        ? undefined
        : this.#source.replyDiffers?.(recorded, reply);
      if (differs !== undefined && !this.#closed) {
        // The recorded server went on from the recorded reply: what follows answers another one.
        const method = String((message as { method?: unknown }).method);
        const stale = `cassette stale: mcptest's reply to ${method} differs from the recording ` +
          `(${differs}); re-record with: mcptest run --record`;
        this.onEvent(
          id === undefined ? { kind: "error", message: stale } : {
            kind: "error",
            message: stale,
            requestId: id,
          },
        );
        return;
      }
    }
  }

  /** Stop answering. Idempotent. */
  close(): Promise<void> {
    this.#closed = true;
    for (const resolve of this.#onSettled.splice(0)) resolve();
    for (const resume of this.#awaiting.values()) resume(undefined);
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
