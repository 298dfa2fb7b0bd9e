/** @module Looks requests up in a cassette: method + normalised params, repeats answered in recorded order. */

import { createRedactor, redactJson } from "../../0_base/redaction/redactor.ts";
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
      if (!isObj(request) || typeof request["method"] !== "string" || !("id" in request)) continue;
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

  /** {@link ReplaySource}: the recorded frames for a request, with the live id. */
  answer(message: unknown): ReplayAnswer | { readonly stale: string } | undefined {
    if (!isObj(message) || typeof message["method"] !== "string" || !("id" in message)) {
      return undefined;
    }
    const found = this.lookup(message["method"], message["params"]);
    if ("field" in found) return { stale: this.staleMessage(found) };
    return { messages: framesOf(found, message["id"]), ...httpOf(found) };
  }
}

/** The frames of a recorded exchange, the response carrying `id`. */
export function framesOf(exchange: CassetteExchange, id: unknown): unknown[] {
  const frames: unknown[] = [...exchange.notifications ?? []];
  for (const request of exchange.server_requests ?? []) frames.push(request.request);
  if (isObj(exchange.response)) frames.push({ ...exchange.response, id });
  return frames;
}

function httpOf(exchange: CassetteExchange): { http: NonNullable<ReplayAnswer["http"]> } | object {
  return exchange.http
    ? { http: { status: exchange.http.status, headers: exchange.http.headers } }
    : {};
}
