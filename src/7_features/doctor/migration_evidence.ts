/** @module What the migration probe observes live: sessions in both eras and the answers to a few probes. */

import { findRevision } from "../../0_base/protocol/revisions.ts";
import { connect } from "../../2_connect/session/connect.ts";
import { META_PROTOCOL_VERSION } from "../../2_connect/session/meta.ts";
import type { Exchange, Session } from "../../2_connect/session/types.ts";
import { MIGRATION_TARGET } from "../migration/target.ts";

/** Everything the row judgements read. */
export interface Evidence {
  /** The session the doctor opened. */
  readonly session: Session;
  /** A session in the target's stateless lifecycle (the doctor's own, or a second one pinned). */
  readonly stateless?: Session;
  /** Why no stateless session could be opened. */
  readonly statelessError?: string;
  /** Capabilities of the stateless session (else of the doctor's session). */
  readonly capabilities: Readonly<Record<string, unknown>>;
  /** resources/read of a uri the server cannot have (undefined: no resources capability). */
  readonly missingRead?: { readonly uri: string; readonly exchange: Exchange };
  /** A request with an unsupported `_meta` protocol version (stateless only). */
  readonly badVersion?: Exchange;
  /** A list request with empty client capabilities (stateless only). */
  readonly plainList?: { readonly method: string; readonly exchange: Exchange };
  readonly ping?: Exchange;
  readonly setLevel?: Exchange;
  /** Messages the server sent on its own, over every session of the probe. */
  readonly serverMessages: readonly unknown[];
}

/** Options of {@link gatherEvidence}. */
export interface EvidenceOptions {
  /** Opens the second, pinned session (default: {@link connect}). */
  readonly connect?: (server: Session["server"]) => Promise<Session>;
}

/**
 * A date-shaped protocol version no revision has: a 2026 server must refuse it with
 * UnsupportedProtocolVersion (or HeaderMismatch over HTTP, where the header still names the target).
 */
const UNSUPPORTED_VERSION = "1970-01-01";

/**
 * Observe the server: reuse the doctor's session when it is stateless, else open a second session
 * pinned to the target (closed before returning), then send the probes.
 */
export async function gatherEvidence(
  session: Session,
  options: EvidenceOptions = {},
): Promise<Evidence> {
  const open = options.connect ?? ((server) => connect(server));
  let second: Session | undefined;
  let statelessError: string | undefined;
  if (findRevision(session.protocolVersion)?.lifecycle !== "stateless") {
    try {
      second = await open({ ...session.server, revision: MIGRATION_TARGET.id });
    } catch (error) {
      statelessError = error instanceof Error ? error.message : String(error);
    }
  }
  try {
    const stateless = second ?? (statelessError === undefined ? session : undefined);
    const main = stateless ?? session;
    const capabilities = main.serverCapabilities ?? {};
    const missingRead = has(capabilities, "resources") ? await readMissing(main) : undefined;
    const extra = stateless ? await statelessProbes(stateless, capabilities) : {};
    const serverMessages = [session, ...(second ? [second] : [])].flatMap((s) =>
      (s.capture().server_messages ?? []).map((m) => m.message)
    );
    return {
      session,
      ...(stateless ? { stateless } : {}),
      ...(statelessError !== undefined ? { statelessError } : {}),
      capabilities,
      ...(missingRead ? { missingRead } : {}),
      ...extra,
      serverMessages,
    };
  } finally {
    await second?.close();
  }
}

async function statelessProbes(
  session: Session,
  capabilities: Readonly<Record<string, unknown>>,
): Promise<Pick<Evidence, "badVersion" | "plainList" | "ping" | "setLevel">> {
  const method = ["tools", "prompts", "resources"].find((c) => has(capabilities, c));
  const listMethod = method ? `${method}/list` : "server/discover";
  const plainList = { method: listMethod, exchange: await ask(session, listMethod) };
  const badVersion = await ask(session, listMethod, {
    _meta: { [META_PROTOCOL_VERSION]: UNSUPPORTED_VERSION },
  });
  const ping = await ask(session, "ping");
  const setLevel = await ask(session, "logging/setLevel", { level: "info" });
  return { plainList, badVersion, ping, setLevel };
}

/** Read a uri the server cannot have: a template filled with a random id, else a random scheme. */
async function readMissing(session: Session): Promise<{ uri: string; exchange: Exchange }> {
  const id = `mcptest-missing-${crypto.randomUUID().slice(0, 8)}`;
  let uri = `mcptest-missing://${id}`;
  const templates = await ask(session, "resources/templates/list");
  const list = record(templates.response?.result)?.resourceTemplates;
  const first = Array.isArray(list) ? record(list[0])?.uriTemplate : undefined;
  if (typeof first === "string" && /\{[^}]+\}/.test(first)) {
    uri = first.replace(/\{[^}]+\}/g, id);
  }
  return { uri, exchange: await ask(session, "resources/read", { uri }) };
}

/** A request that never throws: a thrown error becomes a `closed` failure exchange. */
async function ask(
  session: Session,
  method: string,
  params?: Record<string, unknown>,
): Promise<Exchange> {
  try {
    return await session.request(method, params);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return {
      request: { jsonrpc: "2.0", id: 0, method, ...(params ? { params } : {}) },
      failure: { kind: "closed", message },
      durationMs: 0,
      notifications: [],
    };
  }
}

function has(capabilities: Readonly<Record<string, unknown>>, name: string): boolean {
  const value = Object.hasOwn(capabilities, name) ? capabilities[name] : undefined;
  return value !== undefined && value !== null && value !== false;
}

/** The value as a plain object, or undefined. */
export function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? value as Record<string, unknown>
    : undefined;
}
