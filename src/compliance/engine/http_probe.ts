/** @module HTTP-level probes: a raw fetch against the server's endpoint, with a session of its own when the probe needs one. */

import type { HttpTarget } from "../../config/types.ts";
import type { RevisionInfo } from "../../protocol/revisions.ts";
import type { RuleProbe } from "../types.ts";

type HttpProbe = Extract<RuleProbe, { kind: "http" }>;

/** The root an http probe's expectations resolve against. */
export interface HttpRoot {
  readonly http: { readonly status: number; readonly headers: Record<string, string> };
  /** The parsed JSON body (the first SSE data event for a stream), or the text. */
  readonly body: unknown;
}

const ACCEPT = "application/json, text/event-stream";

/** Open a session of our own (initialize + initialized) and return its id, or undefined. */
async function openSession(
  target: HttpTarget,
  revision: RevisionInfo,
  timeoutMs: number,
): Promise<string | undefined> {
  const init = await fetch(target.url, {
    method: "POST",
    headers: { ...target.headers, "Content-Type": "application/json", Accept: ACCEPT },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: "mcptest-compliance-init",
      method: "initialize",
      params: {
        protocolVersion: revision.id,
        capabilities: {},
        clientInfo: { name: "mcptest", version: "compliance" },
      },
    }),
    signal: AbortSignal.timeout(timeoutMs),
  });
  await init.body?.cancel();
  const id = init.headers.get("mcp-session-id") ?? undefined;
  if (id === undefined) return undefined;
  const done = await fetch(target.url, {
    method: "POST",
    headers: {
      ...target.headers,
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

/** Replace `{{session_id}}` and `{{protocol_version}}`; drops a header whose value needed a missing session. */
function fill(text: string, vars: Record<string, string | undefined>): string | undefined {
  let missing = false;
  const out = text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    const value = vars[name];
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
 * Run an http probe against `target`.
 * @returns the root (status, lower-case headers, body)
 */
export async function runHttpProbe(
  probe: HttpProbe,
  target: HttpTarget,
  revision: RevisionInfo,
  timeoutMs: number,
): Promise<HttpRoot> {
  const needsSession = JSON.stringify(probe).includes("{{session_id}}");
  const sessionId = needsSession ? await openSession(target, revision, timeoutMs) : undefined;
  const vars = { session_id: sessionId, protocol_version: revision.id };
  const headers: Record<string, string> = { ...target.headers };
  for (const [name, value] of Object.entries(probe.headers ?? {})) {
    const filled = fill(value, vars);
    if (filled !== undefined) headers[name] = filled;
  }
  const body = probe.body === undefined ? undefined : fill(probe.body, vars) ?? probe.body;
  try {
    const response = await fetch(target.url, {
      method: probe.method,
      headers,
      ...(body === undefined ? {} : { body }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await response.text();
    const responseHeaders: Record<string, string> = {};
    response.headers.forEach((value, name) => responseHeaders[name.toLowerCase()] = value);
    return {
      http: { status: response.status, headers: responseHeaders },
      body: parseBody(text, responseHeaders["content-type"] ?? ""),
    };
  } finally {
    if (sessionId !== undefined) {
      await fetch(target.url, {
        method: "DELETE",
        headers: { ...target.headers, "Mcp-Session-Id": sessionId },
        signal: AbortSignal.timeout(timeoutMs),
      })
        .then((r) => r.body?.cancel()).catch(() => {});
    }
  }
}
