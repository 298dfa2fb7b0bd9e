/** @module Builds a cassette from a recorded wire log: exchanges paired by id, ids renumbered, normalised, secrets removed. */

import { redactUrl } from "../../0_base/util/redact_url.ts";
import {
  type Cassette,
  CASSETTE_FORMAT,
  CASSETTE_VERSION,
  type CassetteExchange,
  type CassetteServerRequest,
  type NormalizeRule,
} from "./format.ts";
import { createNormalizer } from "./normalize.ts";
import type { WireEvent } from "./recording_transport.ts";
import { redactCassette } from "./store.ts";

/** What a cassette is built from besides the wire log. */
export interface CassetteSource {
  readonly server: string;
  readonly label: string;
  readonly transport: "stdio" | "http";
  readonly protocolVersion: string;
  readonly capabilities: Record<string, unknown> | null;
  readonly serverInfo: Record<string, unknown> | null;
  readonly recordedWith: string;
  readonly normalize: readonly NormalizeRule[];
  /** Values that must never reach the cassette (the suite's secrets, the target's header values). */
  readonly secrets: readonly string[];
}

/** A client message on its way to becoming an exchange. */
interface Building {
  request: unknown;
  response?: unknown;
  http?: { status: number; headers: Record<string, string> };
  notifications: unknown[];
  serverRequests: ServerRequestRecord[];
  /** What the server sent on its own after this entry, before the client's next message. */
  after: { message: unknown; reply?: unknown }[];
}

/** A server-to-client request and, once sent, the client's reply. */
interface ServerRequestRecord {
  request: unknown;
  reply?: unknown;
}

type Id = string | number;
type Obj = Record<string, unknown>;
type Normalizer = ReturnType<typeof createNormalizer>;
type ReceivedEvent = Extract<WireEvent, { dir: "received" }>;

const isObj = (v: unknown): v is Obj => v !== null && typeof v === "object" && !Array.isArray(v);
const idOf = (v: unknown): Id | undefined => {
  const id = isObj(v) ? v["id"] : undefined;
  return typeof id === "string" || typeof id === "number" ? id : undefined;
};
const isCall = (v: unknown): boolean => isObj(v) && typeof v["method"] === "string";

/** Build the (normalised, redacted) cassette of one recorded session. */
export function buildCassette(events: readonly WireEvent[], source: CassetteSource): Cassette {
  const normalizer = createNormalizer(source.normalize);
  const log = new ExchangeLog();
  for (const event of events) log.add(event);
  const exchanges = log.entries.map((entry) => exchangeOf(entry, log.renumbered, normalizer));
  const cassette: Cassette = {
    format: CASSETTE_FORMAT,
    version: CASSETTE_VERSION,
    server: source.server,
    server_label: redactUrl(source.label),
    transport: source.transport,
    protocol_version: source.protocolVersion,
    server_capabilities: source.capabilities,
    server_info: source.serverInfo === null
      ? null
      : normalizer.message(source.serverInfo) as Record<string, unknown>,
    recorded_with: source.recordedWith,
    normalize: source.normalize,
    exchanges,
    ...(log.loose.length === 0
      ? {}
      : { server_messages: log.loose.map((m) => normalizer.message(m)) }),
  };
  return redactCassette(cassette, source.secrets);
}

/**
 * A wire log sorted into exchanges, in send order: each client message with its response, and the
 * notifications and requests the server sent while it was in flight; what belongs to no request
 * is loose. Client ids are renumbered 1, 2, ... in send order.
 */
class ExchangeLog {
  /** One per client message, in send order. */
  readonly entries: Building[] = [];
  /** Server messages that came with no request in flight, and frames that were not JSON. */
  readonly loose: unknown[] = [];
  /** The new id of each client request id. */
  readonly renumbered = new Map<Id, number>();
  /** Client requests not answered yet, by id (in send order). */
  readonly #pending = new Map<Id, Building>();
  /** Server-to-client requests, by id, waiting for the client's reply. */
  readonly #serverRequests = new Map<Id, { reply?: unknown }>();

  /** Take the next event of the log. */
  add(event: WireEvent): void {
    if (event.dir === "sent") {
      this.#sent(event.message);
    } else if (event.message === undefined) {
      this.loose.push({ raw: event.raw, parseError: event.parseError });
    } else {
      const messages = Array.isArray(event.message) ? event.message : [event.message];
      for (const message of messages) this.#received(message, event);
    }
  }

  /** A client message: a request or notification opens an entry; a reply answers a server request. */
  #sent(message: unknown): void {
    const id = idOf(message);
    if (isCall(message)) {
      const entry: Building = {
        request: message,
        notifications: [],
        serverRequests: [],
        after: [],
      };
      this.entries.push(entry);
      if (id !== undefined) {
        this.renumbered.set(id, this.renumbered.size + 1);
        this.#pending.set(id, entry);
      }
    } else if (id !== undefined && this.#serverRequests.has(id)) {
      this.#serverRequests.get(id)!.reply = message;
    }
  }

  /**
   * A server message: the response of a pending request, else a request or notification of the
   * request it came with (the one it replies to, or the oldest pending), else loose.
   */
  #received(message: unknown, event: ReceivedEvent): void {
    const call = isCall(message);
    // An error with `id: null` (an HTTP 400 body) answers the request whose POST it came back on.
    const id = idOf(message) ??
      (!call && isObj(message) && message["id"] === null ? event.inReplyTo : undefined);
    if (!call && id !== undefined && this.#pending.has(id)) {
      const entry = this.#pending.get(id)!;
      this.#pending.delete(id);
      entry.response = message;
      if (event.http) {
        entry.http = { status: event.http.status, headers: { ...event.http.headers } };
      }
      return;
    }
    const owner = this.#owner(event.inReplyTo);
    // With nothing in flight, a message trails the client's last one (replay delivers it there).
    const last = owner ? undefined : this.entries.at(-1);
    if (call && id !== undefined) {
      const record: ServerRequestRecord = { request: message };
      if (owner) owner.serverRequests.push(record);
      const trailing: { message: unknown; reply?: unknown } | undefined = last
        ? { message }
        : undefined;
      if (trailing) last!.after.push(trailing);
      if (!owner && !last) this.loose.push({ message });
      this.#serverRequests.set(id, trailing ?? record);
    } else if (call && owner) {
      owner.notifications.push(message);
    } else if (call && last) {
      last.after.push({ message });
    } else {
      this.loose.push({ message });
    }
  }

  /** The pending request a server message belongs to: the one it names, else the oldest. */
  #owner(inReplyTo: Id | undefined): Building | undefined {
    return (inReplyTo === undefined ? undefined : this.#pending.get(inReplyTo)) ??
      this.#pending.values().next().value;
  }
}

/** One entry as a cassette exchange: ids renumbered, every message and header normalised. */
function exchangeOf(
  entry: Building,
  renumbered: ReadonlyMap<Id, number>,
  normalizer: Normalizer,
): CassetteExchange {
  const withId = (message: unknown): unknown => {
    const id = idOf(message);
    if (!isObj(message) || id === undefined || !renumbered.has(id)) return message;
    return { ...message, id: renumbered.get(id) };
  };
  const serverRequests: CassetteServerRequest[] = entry.serverRequests.map((r) => ({
    request: normalizer.message(r.request),
    ...(r.reply === undefined ? {} : { reply: normalizer.message(r.reply) }),
  }));
  const { response, http, notifications, after } = entry;
  return {
    request: normalizer.message(withId(entry.request)),
    ...(response === undefined ? {} : { response: normalizer.message(withId(response)) }),
    ...(http === undefined
      ? {}
      : { http: { status: http.status, headers: normalizer.headers(http.headers) } }),
    ...(notifications.length === 0
      ? {}
      : { notifications: notifications.map((n) => normalizer.message(n)) }),
    ...(serverRequests.length === 0 ? {} : { server_requests: serverRequests }),
    ...(after.length === 0 ? {} : {
      after: after.map((m) => ({
        message: normalizer.message(m.message),
        ...(m.reply === undefined ? {} : { reply: normalizer.message(m.reply) }),
      })),
    }),
  };
}
