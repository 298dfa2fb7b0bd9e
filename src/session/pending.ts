/** @module In-flight requests of a session: ids, timers, attached notifications, settling into Exchanges. */

import type { JsonRpcId, JsonRpcMessage, JsonRpcResponse } from "../protocol/jsonrpc.ts";
import type { HttpInfo } from "../transport/types.ts";
import type { Exchange } from "./types.ts";

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
  /** Aborted when the request times out or the session closes (HTTP: ends the POST stream). */
  readonly controller = new AbortController();
  /** Resolves once, with the Exchange. */
  readonly done: Promise<Exchange>;
  /** performance.now() when the request was sent. */
  readonly startedAt = performance.now();
  readonly #notifications: JsonRpcMessage[] = [];
  readonly #onSettle: (entry: InFlight, exchange: Exchange) => void;
  #resolve: (exchange: Exchange) => void = () => {};
  #timer: ReturnType<typeof setTimeout> | undefined;
  #settled = false;

  constructor(
    request: JsonRpcMessage,
    sentRaw: string | undefined,
    onSettle: (entry: InFlight, exchange: Exchange) => void,
  ) {
    this.request = request;
    this.sentRaw = sentRaw;
    this.#onSettle = onSettle;
    this.done = new Promise((resolve) => {
      this.#resolve = resolve;
    });
  }

  /** Whether the request already has its outcome. */
  get settled(): boolean {
    return this.#settled;
  }

  /** Fail with a timeout after `ms` unless settled before. */
  armTimeout(ms: number, onTimeout: () => void): void {
    this.#timer = setTimeout(onTimeout, ms);
  }

  /** Attach a notification that arrived while this request was in flight. */
  attach(notification: JsonRpcMessage): void {
    if (!this.#settled) this.#notifications.push(notification);
  }

  /** Settle with an outcome (ignored after the first). */
  settle(outcome: Outcome): void {
    if (this.#settled) return;
    this.#settled = true;
    clearTimeout(this.#timer);
    const exchange: Exchange = {
      request: this.request,
      ...outcome,
      durationMs: performance.now() - this.startedAt,
      notifications: [...this.#notifications],
      ...(this.sentRaw === undefined ? {} : { sentRaw: this.sentRaw }),
    };
    this.#onSettle(this, exchange);
    this.#resolve(exchange);
  }
}

/** Requests in flight, by id; raw probes without an id wait in a queue. */
export class PendingRequests {
  readonly #byId = new Map<string, readonly [JsonRpcId, InFlight]>();
  /** The key each tracked entry is under, so remove() needs no scan of every request in flight. */
  readonly #keyOf = new Map<InFlight, string>();
  readonly #anonymous: InFlight[] = [];

  /** Track a request (by id, or in the anonymous queue when `id` is undefined). */
  add(id: JsonRpcId | undefined, entry: InFlight): void {
    if (id === undefined) {
      this.#anonymous.push(entry);
      return;
    }
    const key = keyOf(id);
    this.#byId.set(key, [id, entry]);
    this.#keyOf.set(entry, key);
  }

  /** Stop tracking a request. */
  remove(entry: InFlight): void {
    const key = this.#keyOf.get(entry);
    if (key !== undefined) {
      this.#keyOf.delete(entry);
      if (this.#byId.get(key)?.[1] === entry) this.#byId.delete(key);
    }
    const index = this.#anonymous.indexOf(entry);
    if (index !== -1) this.#anonymous.splice(index, 1);
  }

  /** The request with this id, if in flight. */
  get(id: JsonRpcId): InFlight | undefined {
    return this.#byId.get(keyOf(id))?.[1];
  }

  /** The requests in flight that have an id, with it. */
  withIds(): Array<readonly [JsonRpcId, InFlight]> {
    return [...this.#byId.values()];
  }

  /** The oldest raw probe waiting without an id. */
  firstAnonymous(): InFlight | undefined {
    return this.#anonymous[0];
  }

  /** Every request in flight. */
  all(): InFlight[] {
    return [...this.#byId.values()].map(([, entry]) => entry).concat(this.#anonymous);
  }

  /** Settle every request in flight with the same failure. */
  failAll(failure: ExchangeFailure): void {
    for (const entry of this.all()) entry.settle({ failure });
  }
}

/** The map key of a request id (`1` and `"1"` differ). */
export function keyOf(id: JsonRpcId): string {
  return `${typeof id}:${id}`;
}
