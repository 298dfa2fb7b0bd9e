/** @module Looks requests up in a cassette: method + normalised params, repeats answered in recorded order. */

import { createRedactor, redactJson } from "../../0_base/redaction/redactor.ts";
import { canonicalJson } from "../../0_base/util/canonical_json.ts";
import type { ReplayAnswer, ReplaySource } from "../transport/replay.ts";
import type { Cassette, CassetteExchange, NormalizeRule } from "./format.ts";
import { createNormalizer, type Normalizer, requestKey } from "./normalize.ts";
import { describeRequest, type Staleness, staleness } from "./staleness.ts";

/** A lookup that found nothing: the staleness facts and the message for people. */
export interface Miss extends Staleness {
  readonly method: string;
  readonly params: unknown;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === "object" && !Array.isArray(v);

/** The cassette, indexed for replay. */
export class ReplayIndex implements ReplaySource {
  readonly cassette: Cassette;
  /** Where the cassette lives, as shown in messages. */
  readonly where: string;
  readonly #normalizer: Normalizer;
  readonly #byKey = new Map<string, CassetteExchange[]>();
  readonly #cursor = new Map<string, number>();
  readonly #recorded: { method: string; params: unknown }[] = [];
  /** Recorded client notifications that something trailed (`after`), by key, in order. */
  readonly #notified = new Map<string, CassetteExchange[]>();

  /**
   * @param rules the suite's `cassette.normalize:` rules (default: the ones the cassette was recorded with)
   */
  constructor(
    cassette: Cassette,
    where: string,
    rules?: readonly NormalizeRule[],
    secrets: readonly string[] = [],
  ) {
    this.cassette = cassette;
    this.where = where;
    const normalizer = createNormalizer(rules ?? cassette.normalize);
    const redactor = createRedactor(secrets.filter((s) => s.length > 0));
    // A live request is compared as it would have been stored: normalised, secrets removed from
    // its values and its keys (CASSETTE_KEYS: every key of a message is data or vocabulary).
    this.#normalizer = {
      headers: normalizer.headers,
      message: redactor.active
        ? (m) => redactJson(normalizer.message(m), redactor, () => undefined, () => true)
        : normalizer.message,
    };
    for (const exchange of cassette.exchanges) {
      const request = exchange.request;
      if (!isObj(request) || typeof request["method"] !== "string") continue;
      if (!("id" in request)) {
        if (!exchange.after?.length) continue;
        const key = requestKey(request["method"], request["params"]);
        this.#notified.set(key, [...this.#notified.get(key) ?? [], exchange]);
        continue;
      }
      const method = request["method"];
      const key = requestKey(method, request["params"]);
      this.#byKey.set(key, [...this.#byKey.get(key) ?? [], exchange]);
      this.#recorded.push({ method, params: request["params"] });
    }
  }

  /** The recorded requests (method, params), in order. */
  get recorded(): readonly { readonly method: string; readonly params: unknown }[] {
    return this.#recorded;
  }

  /**
   * The recorded exchange for a live request: the next one in recorded order for its key (the
   * last one again once they are used up), or a {@link Miss}.
   */
  lookup(method: string, params: unknown): CassetteExchange | Miss {
    const normalized = this.#normalizer.message({ method, params }) as Obj;
    const key = requestKey(method, normalized["params"]);
    const list = this.#byKey.get(key);
    if (list && list.length > 0) {
      const at = this.#cursor.get(key) ?? 0;
      this.#cursor.set(key, at + 1);
      return list[Math.min(at, list.length - 1)]!;
    }
    return {
      method,
      params: normalized["params"],
      ...staleness(method, normalized["params"], this.#recorded),
    };
  }

  /** The stale message of a miss: `cassette stale on field <field>: ...; re-record with ...`. */
  staleMessage(miss: Miss): string {
    const nearest = miss.nearest
      ? `nearest recorded request: ${describeRequest(miss.nearest.method, miss.nearest.params)}` +
        (miss.recorded === undefined ? "" : ` (${miss.field} = ${JSON.stringify(miss.recorded)})`)
      : `no ${miss.method} request was recorded`;
    return `cassette stale on field ${miss.field}: ${describeRequest(miss.method, miss.params)} ` +
      `is not in ${this.where}; ${nearest}; re-record with: mcptest run --record`;
  }

  /**
   * {@link ReplaySource}: the recorded frames for a request, with the live id; for a client
   * notification, what the server sent after it (nothing is owed when nothing was recorded).
   */
  answer(message: unknown): ReplayAnswer | { readonly stale: string } | undefined {
    if (!isObj(message) || typeof message["method"] !== "string") return undefined;
    if (!("id" in message)) return this.#trailing(message["method"], message["params"]);
    const found = this.lookup(message["method"], message["params"]);
    if ("field" in found) return { stale: this.staleMessage(found) };
    return {
      messages: framesOf(found, message["id"]),
      ...httpOf(found),
      ...repliesOf(found),
    };
  }

  /** {@link ReplaySource.replyDiffers}: the live reply as the recording would hold it, compared. */
  replyDiffers(recorded: unknown, reply: unknown): string | undefined {
    const shape = (m: unknown) => {
      const { result, error } = (isObj(m) ? m : {}) as Obj;
      return canonicalJson(error !== undefined ? { error } : { result });
    };
    const was = shape(recorded);
    const now = shape(this.#normalizer.message(reply));
    if (was === now) return undefined;
    let at = 0;
    while (at < was.length && was[at] === now[at]) at++;
    const from = Math.max(0, at - 30);
    return `recorded ${around(was, from)}, now ${around(now, from)}`;
  }

  /** What the server sent after a recorded client notification (the next one for its key). */
  #trailing(method: string, params: unknown): ReplayAnswer | undefined {
    const normalized = this.#normalizer.message({ method, params }) as Obj;
    const key = requestKey(method, normalized["params"]);
    const list = this.#notified.get(key);
    if (!list || list.length === 0) return undefined;
    const at = this.#cursor.get(`notify\u0000${key}`) ?? 0;
    this.#cursor.set(`notify\u0000${key}`, at + 1);
    if (at >= list.length) return undefined;
    const exchange = list[at]!;
    return { messages: exchange.after!.map((m) => m.message), ...repliesOf(exchange) };
  }
}

/**
 * The frames of a recorded exchange, the response carrying `id`, then what the server sent on its
 * own after it (`after`).
 */
export function framesOf(exchange: CassetteExchange, id: unknown): unknown[] {
  const frames: unknown[] = [...exchange.notifications ?? []];
  for (const request of exchange.server_requests ?? []) frames.push(request.request);
  if (isObj(exchange.response)) frames.push({ ...exchange.response, id });
  for (const trailing of exchange.after ?? []) frames.push(trailing.message);
  return frames;
}

/** The client's recorded reply to each server request of an exchange, by the request's id. */
function repliesOf(exchange: CassetteExchange): { replies?: Map<string | number, unknown> } {
  // Most exchanges carry no server request: nothing to build for them (replay's hot path).
  if (!exchange.server_requests?.length && !exchange.after?.length) return {};
  return { replies: recordedReplies(exchange) };
}

function recordedReplies(exchange: CassetteExchange): Map<string | number, unknown> {
  const replies = new Map<string | number, unknown>();
  const add = (request: unknown, reply: unknown) => {
    const id = isObj(request) ? request["id"] : undefined;
    if ((typeof id === "string" || typeof id === "number") && reply !== undefined) {
      replies.set(id, reply);
    }
  };
  for (const r of exchange.server_requests ?? []) add(r.request, r.reply);
  for (const m of exchange.after ?? []) add(m.message, m.reply);
  return replies;
}

/** Up to 90 characters of `text` from `from`, with `...` where it is cut. */
const around = (text: string, from: number): string =>
  `${from > 0 ? "..." : ""}${text.slice(from, from + 90)}${text.length > from + 90 ? "..." : ""}`;

function httpOf(exchange: CassetteExchange): { http: NonNullable<ReplayAnswer["http"]> } | object {
  return exchange.http
    ? { http: { status: exchange.http.status, headers: exchange.http.headers } }
    : {};
}
