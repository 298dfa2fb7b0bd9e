/** @module Builds a cassette from a recorded wire log: exchanges paired by id, ids renumbered, normalised, secrets removed. */

import { createRedactor, redactJson } from "../../0_base/redaction/redactor.ts";
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

interface Building {
  request: unknown;
  response?: unknown;
  http?: { status: number; headers: Record<string, string> };
  notifications: unknown[];
  serverRequests: { request: unknown; reply?: unknown }[];
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === "object" && !Array.isArray(v);
const idOf = (v: unknown): string | number | undefined => {
  const id = isObj(v) ? v["id"] : undefined;
  return typeof id === "string" || typeof id === "number" ? id : undefined;
};

/** Build the (normalised, redacted) cassette of one recorded session. */
export function buildCassette(events: readonly WireEvent[], source: CassetteSource): Cassette {
  const normalizer = createNormalizer(source.normalize);
  const entries: Building[] = [];
  const pending = new Map<string | number, Building>();
  const serverRequests = new Map<string | number, { request: unknown; reply?: unknown }>();
  const loose: unknown[] = [];
  const renumber = new Map<string | number, number>();
  const owner = (inReplyTo: string | number | undefined): Building | undefined =>
    (inReplyTo === undefined ? undefined : pending.get(inReplyTo)) ?? pending.values().next().value;

  for (const event of events) {
    if (event.dir === "sent") {
      const message = event.message;
      const id = idOf(message);
      if (isObj(message) && typeof message["method"] === "string") {
        const entry: Building = { request: message, notifications: [], serverRequests: [] };
        entries.push(entry);
        if (id !== undefined) {
          renumber.set(id, renumber.size + 1);
          pending.set(id, entry);
        }
      } else if (id !== undefined && serverRequests.has(id)) {
        serverRequests.get(id)!.reply = message;
      }
      continue;
    }
    if (event.message === undefined) {
      loose.push({ raw: event.raw, parseError: event.parseError });
      continue;
    }
    const messages = Array.isArray(event.message) ? event.message : [event.message];
    for (const message of messages) {
      const id = idOf(message);
      const isCall = isObj(message) && typeof message["method"] === "string";
      if (!isCall && id !== undefined && pending.has(id)) {
        const entry = pending.get(id)!;
        pending.delete(id);
        entry.response = message;
        if (event.http) {
          entry.http = { status: event.http.status, headers: { ...event.http.headers } };
        }
        continue;
      }
      const target = owner(event.inReplyTo);
      if (isCall && id !== undefined) {
        const record = { request: message };
        serverRequests.set(id, record);
        if (target) target.serverRequests.push(record);
        else loose.push({ message });
      } else if (isCall && target) {
        target.notifications.push(message);
      } else {
        loose.push({ message });
      }
    }
  }

  const withId = (message: unknown): unknown => {
    const id = idOf(message);
    if (!isObj(message) || id === undefined || !renumber.has(id)) return message;
    return { ...message, id: renumber.get(id) };
  };
  const exchanges: CassetteExchange[] = entries.map((e) => {
    const serverReqs: CassetteServerRequest[] = e.serverRequests.map((r) => ({
      request: normalizer.message(r.request),
      ...(r.reply === undefined ? {} : { reply: normalizer.message(r.reply) }),
    }));
    return {
      request: normalizer.message(withId(e.request)),
      ...(e.response === undefined ? {} : { response: normalizer.message(withId(e.response)) }),
      ...(e.http === undefined
        ? {}
        : { http: { status: e.http.status, headers: normalizer.headers(e.http.headers) } }),
      ...(e.notifications.length === 0
        ? {}
        : { notifications: e.notifications.map((n) => normalizer.message(n)) }),
      ...(serverReqs.length === 0 ? {} : { server_requests: serverReqs }),
    };
  });
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
    ...(loose.length === 0 ? {} : { server_messages: loose.map((m) => normalizer.message(m)) }),
  };
  return redactCassette(cassette, source.secrets);
}

/** Hide every form of every secret in a cassette's string values (format fields kept). */
export function redactCassette(cassette: Cassette, secrets: readonly string[]): Cassette {
  const redactor = createRedactor(secrets.filter((s) => s.length > 0));
  if (!redactor.active) return cassette;
  const keep = new Set(["format", "transport"]);
  return redactJson(cassette, redactor, (path) => keep.has(path) ? "keep" : undefined) as Cassette;
}
