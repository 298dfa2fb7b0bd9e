/** @module HTTP-level probes: raw fetches against the server's endpoint (or a path on its origin), with a session of their own when the probe needs one. */

import type { HttpTarget } from "../../../3_load/config/types.ts";
import type { RevisionInfo } from "../../../0_base/protocol/revisions.ts";
import type { HttpRequestSpec, RuleProbe } from "../../../3_load/compliance_corpus/types.ts";
import { initializeRequest } from "../../../2_connect/session/initialize_request.ts";
import { fetchSameOrigin } from "../../../2_connect/transport/http_fetch.ts";

type HttpProbe = Extract<RuleProbe, { kind: "http" }>;

/**
 * Placeholders filled with token material at send time, inside the http probe only, so a token
 * never reaches a filled rule, a result or a report: the bearer token itself, the same token with
 * its signature altered, an `alg: none` re-encoding of its header and payload, and a token the
 * authorization server issued for another resource (another audience).
 */
export const TOKEN_PLACEHOLDERS = [
  "access_token",
  "access_token_altered_signature",
  "access_token_alg_none",
  "access_token_other_audience",
] as const;

/** One of {@link TOKEN_PLACEHOLDERS}. */
export type TokenPlaceholder = typeof TOKEN_PLACEHOLDERS[number];

/** What an http probe sends on top of the target's headers. */
export interface ProbeCredentials {
  /** The credential headers of the server's `auth:` block, as sent now (empty without one). */
  readonly headers: Readonly<Record<string, string>>;
  /** The values of the token placeholders the probe uses. */
  readonly tokens: Readonly<Partial<Record<TokenPlaceholder, string>>>;
}

/** What one HTTP request got back. */
export interface HttpStep {
  readonly status: number;
  /** Header names lower-cased. */
  readonly headers: Record<string, string>;
}

/** The root an http probe's expectations resolve against. */
export interface HttpRoot {
  readonly http: HttpStep;
  /** The parsed JSON body (the first SSE data event for a stream), or the text. */
  readonly body: unknown;
  /** Every request's answer in order: the `before` steps, then the probe itself (last). */
  readonly steps: readonly HttpStep[];
}

const ACCEPT = "application/json, text/event-stream";

const NO_CREDENTIALS: ProbeCredentials = { headers: {}, tokens: {} };

/** The target's configured headers and its `auth:` credentials (every probe request but omitted ones). */
function baseHeaders(target: HttpTarget, credentials: ProbeCredentials): Record<string, string> {
  return { ...target.headers, ...credentials.headers };
}

/**
 * fetch through {@link fetchSameOrigin}: a same-origin redirect is followed, one to another origin
 * is refused (a TransportError) before anything is sent there.
 */
async function fetchGuarded(
  url: string,
  init: RequestInit & { signal: AbortSignal },
): Promise<Response> {
  return (await fetchSameOrigin(url, init)).response;
}

/** Open a session of our own (initialize + initialized) and return its id, or undefined. */
async function openSession(
  target: HttpTarget,
  revision: RevisionInfo,
  timeoutMs: number,
  credentials: ProbeCredentials,
): Promise<string | undefined> {
  const init = await fetchGuarded(target.url, {
    method: "POST",
    headers: {
      ...baseHeaders(target, credentials),
      "Content-Type": "application/json",
      Accept: ACCEPT,
    },
    body: JSON.stringify(initializeRequest("mcptest-compliance-init", revision.id)),
    signal: AbortSignal.timeout(timeoutMs),
  });
  await init.body?.cancel();
  const id = init.headers.get("mcp-session-id") ?? undefined;
  if (id === undefined) return undefined;
  const done = await fetchGuarded(target.url, {
    method: "POST",
    headers: {
      ...baseHeaders(target, credentials),
      "Content-Type": "application/json",
      Accept: ACCEPT,
      "Mcp-Session-Id": id,
      ...(revision.protocolVersionHeader ? { "MCP-Protocol-Version": revision.id } : {}),
    },
    body: JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }),
    signal: AbortSignal.timeout(timeoutMs),
  });
  await done.body?.cancel();
  return id;
}

/** What the send-time placeholders stand for: the probe's session and the token variants. */
interface SendVariables {
  readonly sessionId: string | undefined;
  readonly tokens: ProbeCredentials["tokens"];
}

const SEND_TIME = new RegExp(`\\{\\{(session_id|${TOKEN_PLACEHOLDERS.join("|")})\\}\\}`, "g");

/**
 * Replace `{{session_id}}` and the token placeholders; undefined when the text needed a value that
 * is absent (a session the server did not give). Tokens are filled here, at send time only.
 */
function fill(text: string, vars: SendVariables): string | undefined {
  let missing = false;
  const out = text.replace(SEND_TIME, (_, name: string) => {
    const value = name === "session_id"
      ? vars.sessionId
      : vars.tokens[name as keyof SendVariables["tokens"]];
    if (value === undefined) missing = true;
    return value ?? "";
  });
  return missing ? undefined : out;
}

function parseBody(text: string, type: string): unknown {
  const payload = type.includes("text/event-stream")
    ? text.split(/\r?\n/).find((l) => l.startsWith("data:") && l.slice(5).trim() !== "")?.slice(5)
      .trim() ?? ""
    : text;
  try {
    return JSON.parse(payload);
  } catch {
    return text;
  }
}

/**
 * The request's headers: the server's configured ones and its `auth:` credentials (both minus the
 * credentials when asked: the configured `Authorization` and every `auth:` header), then the
 * spec's (case-insensitive override).
 */
function requestHeaders(
  spec: HttpRequestSpec,
  target: HttpTarget,
  vars: SendVariables,
  credentials: ProbeCredentials,
): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(target.headers ?? {})) {
    if (spec.omit_credentials && name.toLowerCase() === "authorization") continue;
    headers.set(name, value);
  }
  if (!spec.omit_credentials) {
    for (const [name, value] of Object.entries(credentials.headers)) headers.set(name, value);
  }
  for (const [name, value] of Object.entries(spec.headers ?? {})) {
    const filled = fill(value, vars);
    if (filled !== undefined) headers.set(name, filled);
  }
  return headers;
}

async function send(
  spec: HttpRequestSpec,
  target: HttpTarget,
  vars: SendVariables,
  timeoutMs: number,
  credentials: ProbeCredentials,
): Promise<{ step: HttpStep; body: unknown }> {
  const path = spec.path === undefined ? undefined : fill(spec.path, vars) ?? spec.path;
  const url = path === undefined ? target.url : new URL(path, target.url).href;
  const body = spec.body === undefined ? undefined : fill(spec.body, vars) ?? spec.body;
  const response = await fetchGuarded(url, {
    method: spec.method,
    headers: requestHeaders(spec, target, vars, credentials),
    ...(body === undefined ? {} : { body }),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => headers[name.toLowerCase()] = value);
  const type = headers["content-type"] ?? "";
  // A GET stream is the server's channel for later messages: its status and headers are the answer.
  const text = !type.includes("text/event-stream")
    ? await response.text()
    : spec.method === "GET"
    ? await response.body?.cancel().then(() => "") ?? ""
    : await firstEvent(response);
  return { step: { status: response.status, headers }, body: parseBody(text, type) };
}

/**
 * Read an event stream up to its first event that carries data, then cancel it: a GET stream (or a
 * POST answered as a stream that stays open) never ends on its own. A stream that ends or errors
 * first yields what arrived.
 */
async function firstEvent(response: Response): Promise<string> {
  const reader = response.body?.getReader();
  if (!reader) return "";
  const decoder = new TextDecoder();
  let text = "";
  try {
    while (!/(^|\n)data:[^\n]*\S[^\n]*\r?\n\r?\n/.test(text)) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
  } catch {
    // A timeout or a reset: judge what arrived.
  } finally {
    await reader.cancel().catch(() => {});
  }
  return text;
}

/**
 * Run an http probe against `target`: its `before` steps in order, then the probe. Placeholders
 * other than `{{session_id}}` and the token ones are already filled by the caller.
 * @param credentials the server's `auth:` headers and the token placeholders' values (secrets:
 *   they are sent, never returned)
 * @returns the root (status, lower-case headers, body, every step)
 */
export async function runHttpProbe(
  probe: HttpProbe,
  target: HttpTarget,
  revision: RevisionInfo,
  timeoutMs: number,
  credentials: ProbeCredentials = NO_CREDENTIALS,
): Promise<HttpRoot> {
  const needsSession = JSON.stringify(probe).includes("{{session_id}}");
  const sessionId = needsSession
    ? await openSession(target, revision, timeoutMs, credentials)
    : undefined;
  const vars: SendVariables = { sessionId, tokens: credentials.tokens };
  let closed = false;
  try {
    const steps: HttpStep[] = [];
    for (const before of probe.before ?? []) {
      steps.push((await send(before, target, vars, timeoutMs, credentials)).step);
      if (before.method === "DELETE") closed = true;
    }
    const last = await send(probe, target, vars, timeoutMs, credentials);
    steps.push(last.step);
    return { http: last.step, body: last.body, steps };
  } finally {
    if (sessionId !== undefined && !closed) {
      await fetchGuarded(target.url, {
        method: "DELETE",
        headers: { ...baseHeaders(target, credentials), "Mcp-Session-Id": sessionId },
        signal: AbortSignal.timeout(timeoutMs),
      })
        .then((r) => r.body?.cancel()).catch(() => {});
    }
  }
}
