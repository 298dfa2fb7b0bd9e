/** @module In-flight requests of a session: ids, attached notifications, settling into Exchanges (their time limits: deadlines.ts). */

import type { JsonRpcId, JsonRpcMessage, JsonRpcResponse } from "../../0_base/protocol/jsonrpc.ts";
import type { HttpInfo } from "../transport/types.ts";
import type { Exchange } from "./types.ts";
import type { ServerRequestRecord } from "./client_responder.ts";

/** Why a request got no usable response. */
export type ExchangeFailure = NonNullable<Exchange["failure"]>;

/** How a request ended. */
export interface Outcome {
  readonly response?: JsonRpcResponse;
  readonly raw?: string;
  readonly http?: HttpInfo;
  readonly failure?: ExchangeFailure;
}

/** One request waiting for its response. */
export class InFlight {
  readonly request: JsonRpcMessage;
  readonly sentRaw: string | undefined;
  /** The `_meta.progressToken` the request carries: its progress notifications attach to it alone. */
  readonly progressToken: string | number | undefined;
  /** Aborted when the request times out or the session closes (HTTP: ends the POST stream). */
  readonly controller = new AbortController();
  /** Resolves once, with the Exchange. */
  readonly done: Promise<Exchange>;
  /** Resolves when the transport has handed the message over (HTTP: the POST was answered). */
  sent: Promise<void> = Promise.resolve();
  /** performance.now() when the request was sent. */
  readonly startedAt = performance.now();
  readonly #notifications: JsonRpcMessage[] = [];
  readonly #serverRequests: ServerRequestRecord[] = [];
  /** The answers of those server requests, still being worked out when they were attached. */
  readonly #answers: Promise<unknown>[] = [];
  readonly #onSettle: (entry: InFlight, exchange: Exchange) => void;
  #resolve: (exchange: Exchange) => void = () => {};
  #settled = false;
  #unreadable: ExchangeFailure | undefined;

  /** A ping of a fence (`Session.fence`). */
  readonly fence: boolean;

  constructor(
    request: JsonRpcMessage,
    sentRaw: string | undefined,
    onSettle: (entry: InFlight, exchange: Exchange) => void,
    fence = false,
  ) {
    this.request = request;
    this.fence = fence;
    this.sentRaw = sentRaw;
    this.progressToken = progressTokenOf(request);
    this.#onSettle = onSettle;
    this.done = new Promise((resolve) => {
      this.#resolve = resolve;
    });
  }

  /** Whether this is a raw frame (`sendRaw`): only a raw frame may draw an answer without a usable id. */
  get raw(): boolean {
    return this.sentRaw !== undefined;
  }

  /** Whether the request already has its outcome. */
  get settled(): boolean {
    return this.#settled;
  }

  /** The first frame that did not parse while this request was in flight (stdio: whose it is cannot be told). */
  get unreadable(): ExchangeFailure | undefined {
    return this.#unreadable;
  }

  /** Note a frame that did not parse, seen while in flight: the failure if no answer comes. */
  noteUnreadable(failure: ExchangeFailure): void {
    this.#unreadable ??= failure;
  }

  /**
   * Attach a server request (and mcptest's answer) that arrived while this request was in flight;
   * `filled` settles once the record holds that answer (the exchange waits for it).
   */
  attachServerRequest(record: ServerRequestRecord, filled?: Promise<unknown>): void {
    if (this.#settled) return;
    this.#serverRequests.push(record);
    if (filled) this.#answers.push(filled);
  }

  /** Called after each notification attached (a request kept open until an event: `until`). */
  onNotification: ((notification: JsonRpcMessage) => void) | undefined;
  /** Called once when the notifications attached pass `cap` bytes (the session fails the request). */
  onOverflow: ((bytes: number) => void) | undefined;
  #notificationBytes = 0;

  /**
   * Attach a notification that arrived while this request was in flight (`bytes`: its size on the
   * wire). Past `cap` bytes in all, nothing more is kept and {@link onOverflow} is called once.
   */
  attach(notification: JsonRpcMessage, bytes = 0, cap = Infinity): void {
    if (this.#settled) return;
    this.#notificationBytes += bytes;
    if (this.#notificationBytes > cap) {
      this.onOverflow?.(this.#notificationBytes);
      return;
    }
    this.#notifications.push(notification);
    this.onNotification?.(notification);
  }

  /** Settle with an outcome (ignored after the first). */
  settle(outcome: Outcome): void {
    if (this.#settled) return;
    this.#settled = true;
    const exchange: Exchange = {
      request: this.request,
      ...outcome,
      durationMs: performance.now() - this.startedAt,
      notifications: [...this.#notifications],
      ...(this.#serverRequests.length === 0 ? {} : { serverRequests: [...this.#serverRequests] }),
      ...(this.sentRaw === undefined ? {} : { sentRaw: this.sentRaw }),
    };
    this.#onSettle(this, exchange);
    // A server request still being answered: the exchange resolves once its record holds the
    // answer (a reply that cannot be worked out leaves it as the pending record says).
    if (this.#answers.length === 0) this.#resolve(exchange);
    else Promise.allSettled(this.#answers).then(() => this.#resolve(exchange));
  }
}

/**
 * Requests in flight, in send order, by id; raw frames (with or without an id) are also kept apart,
 * since only a raw frame can draw an answer whose id cannot be read.
 */
export class PendingRequests {
  readonly #byId = new Map<string, readonly [JsonRpcId, InFlight]>();
  /** The key each tracked entry is under, so remove() needs no scan of every request in flight. */
  readonly #keyOf = new Map<InFlight, string>();
  /** Every entry in send order (a Set keeps insertion order and removes in O(1)). */
  readonly #ordered = new Set<InFlight>();
  readonly #raw = new Set<InFlight>();

  /** Track a request (by id when it has one: a raw frame may have none). */
  add(id: JsonRpcId | undefined, entry: InFlight): void {
    this.#ordered.add(entry);
    if (entry.raw) this.#raw.add(entry);
    if (id === undefined) return;
    const key = keyOf(id);
    this.#byId.set(key, [id, entry]);
    this.#keyOf.set(entry, key);
  }

  /** Stop tracking a request. */
  remove(entry: InFlight): void {
    this.#ordered.delete(entry);
    this.#raw.delete(entry);
    const key = this.#keyOf.get(entry);
    if (key !== undefined) {
      this.#keyOf.delete(entry);
      if (this.#byId.get(key)?.[1] === entry) this.#byId.delete(key);
    }
  }

  /** The request with this id, if in flight. */
  get(id: JsonRpcId): InFlight | undefined {
    return this.#byId.get(keyOf(id))?.[1];
  }

  /** The requests in flight that have an id, with it. */
  withIds(): Array<readonly [JsonRpcId, InFlight]> {
    return [...this.#byId.values()];
  }

  /**
   * The raw frame that an answer without a usable id (`id: null`, missing, or not a string or
   * number) belongs to: the one raw frame in flight, or undefined when there is none or more than
   * one (then nothing can claim it: it is a stray).
   */
  soleRaw(): InFlight | undefined {
    if (this.#raw.size !== 1) return undefined;
    return this.#raw.values().next().value;
  }

  /** The request in flight whose `_meta.progressToken` is `token`. */
  byProgressToken(token: unknown): InFlight | undefined {
    if (typeof token !== "string" && typeof token !== "number") return undefined;
    for (const entry of this.#ordered) if (entry.progressToken === token) return entry;
    return undefined;
  }

  /** Every request in flight, in send order. */
  all(): InFlight[] {
    return [...this.#ordered];
  }

  /** Settle every request in flight with the same failure. */
  failAll(failure: ExchangeFailure): void {
    for (const entry of this.all()) entry.settle({ failure });
  }
}

/** The `params._meta.progressToken` of a request, when it is a string or a number. */
function progressTokenOf(request: JsonRpcMessage): string | number | undefined {
  const params = (request as { params?: unknown }).params;
  if (typeof params !== "object" || params === null) return undefined;
  const meta = (params as { _meta?: unknown })._meta;
  if (typeof meta !== "object" || meta === null) return undefined;
  const token = (meta as { progressToken?: unknown }).progressToken;
  return typeof token === "string" || typeof token === "number" ? token : undefined;
}

/** The map key of a request id (`1` and `"1"` differ). */
export function keyOf(id: JsonRpcId): string {
  return `${typeof id}:${id}`;
}
