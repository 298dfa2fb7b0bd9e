/** @module The `client_capability` probe: a client capability (sampling, elicitation, roots) exercised for real, on one session that declares it and one that does not, calling the same safe tools. */

import type { ClientSpec } from "../../../2_connect/session/client_spec.ts";
import { NO_CLIENT } from "../../../2_connect/session/client_spec.ts";
import type { Exchange, Session } from "../../../2_connect/session/types.ts";
import { listItems } from "../../../2_connect/session/list_items.ts";
import type { SafeTool } from "../../../3_load/config/safe_tool.ts";
import type { ProbeOutcome } from "./probe_root.ts";
import type { ClientCapability } from "./capability_words.ts";
import { defaultCallsHint, planToolCalls, type ToolCall } from "./safe_tool_calls.ts";

export type { ClientCapability } from "./capability_words.ts";

/** The server request each capability allows, and only it. */
export const CAPABILITY_METHODS: Readonly<Record<ClientCapability, string>> = {
  sampling: "sampling/createMessage",
  elicitation: "elicitation/create",
  roots: "roots/list",
};

/** The root a mcptest-scripted sampling reply carries (no model is ever asked). */
const SAMPLING_REPLY = {
  role: "assistant",
  content: { type: "text", text: "mcptest: a scripted reply" },
  model: "mcptest",
  stopReason: "endTurn",
};

/**
 * The client that declares `capability` and answers its requests itself: sampling with a scripted
 * message, elicitation with `decline` (valid for any requested schema), roots with one root.
 */
export function exercisingClient(capability: ClientCapability): ClientSpec {
  switch (capability) {
    case "sampling":
      return { capabilities: { sampling: {} }, sampling: [{ result: SAMPLING_REPLY }] };
    case "elicitation":
      return {
        capabilities: { elicitation: {} },
        elicitation: [{ result: { action: "decline" } }],
      };
    case "roots":
      return { capabilities: { roots: {} }, roots: [{ uri: "file:///mcptest", name: "mcptest" }] };
  }
}

/** What one session of the probe saw. */
export interface SessionObservation {
  /** Every request the server sent on the session (JSON-RPC requests and 2026 `inputRequests`). */
  readonly server_requests: readonly unknown[];
  /** How many of them are the capability's method. */
  readonly drawn: number;
  /** The tools called, in order. */
  readonly tool_calls: readonly string[];
  /** How many of those calls the server answered (a result or an error). */
  readonly answered: number;
}

/** How the probe reaches the server and what it may call. */
export interface CapabilityProbeOptions {
  /** Open a session to the server whose client is `client` (handshake done, revision pinned). */
  readonly open: (client: ClientSpec) => Promise<Session>;
  /** The tools named safe to call (none: the read-only tools that name the capability). */
  readonly safeTools: readonly SafeTool[];
  readonly timeoutMs: number;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/** The requests of a 2026-07-28 `input_required` result (`inputRequests`: key -> `{method, params}`). */
function inputRequestsOf(exchange: Exchange): unknown[] {
  const result = exchange.response?.result;
  if (!isRecord(result) || result.resultType !== "input_required") return [];
  return isRecord(result.inputRequests) ? Object.values(result.inputRequests) : [];
}

/** Every request the server sent on `session`, with those asked for inside `exchanges`' results. */
export function sessionRequests(session: Session, exchanges: readonly Exchange[]): unknown[] {
  const onWire = (session.capture().server_messages ?? []).map((m) => m.message)
    .filter((m) => isRecord(m) && typeof m.method === "string" && "id" in m);
  return [...onWire, ...exchanges.flatMap(inputRequestsOf)];
}

/** How many of `requests` are `method`. */
export function countMethod(requests: readonly unknown[], method: string): number {
  return requests.filter((r) => isRecord(r) && r.method === method).length;
}

/**
 * Call `calls` on `session` in turn (every one, or with `untilDrawn` up to the first after which
 * `method` has arrived), then observe. What a call draws is in once the session's fence holds (on
 * stdio: the server answered pings sent after it); a request sent right after the handshake is
 * seen before the first call. No fixed wait; every wait is bounded by `timeoutMs`.
 */
export async function exercise(
  session: Session,
  calls: readonly ToolCall[],
  method: string,
  timeoutMs: number,
  untilDrawn: boolean,
): Promise<SessionObservation> {
  const exchanges: Exchange[] = [];
  const called: string[] = [];
  const drawn = () => countMethod(sessionRequests(session, exchanges), method);
  await session.fence?.({ timeoutMs });
  for (const call of calls) {
    if (untilDrawn && drawn() > 0) break;
    const params = { name: call.name, arguments: { ...call.arguments } };
    exchanges.push(await session.request("tools/call", params, { timeoutMs }));
    called.push(call.name);
    await session.fence?.({ timeoutMs });
  }
  const server_requests = sessionRequests(session, exchanges);
  return {
    server_requests,
    drawn: countMethod(server_requests, method),
    tool_calls: called,
    answered: exchanges.filter((e) => e.response !== undefined).length,
  };
}

/**
 * The second session when the first had no tool to call and drew nothing: it is not opened. It
 * could make no call either, so all it could show is a request sent unprompted right after the
 * handshake, which the first session just showed this server does not send even to a client that
 * declared the capability; the rule is not verified either way, and a session costs a server
 * start.
 */
const NOT_OPENED = {
  opened: false,
  server_requests: [],
  drawn: 0,
  tool_calls: [],
  answered: 0,
} as const;

/** Open a session, run `use`, close it; an open that fails is the probe's error. */
async function within<T>(
  options: CapabilityProbeOptions,
  client: ClientSpec,
  what: string,
  use: (session: Session) => Promise<T>,
): Promise<T | { readonly error: string }> {
  let session: Session;
  try {
    session = await options.open(client);
  } catch (error) {
    return { error: `could not open a session ${what}: ${(error as Error).message}` };
  }
  try {
    return await use(session);
  } finally {
    await session.close();
  }
}

/**
 * Run the probe: on a session declaring `capability`, list the tools and call the safe ones until
 * one draws the capability's request ({@link planToolCalls}: the tools named safe, else the
 * read-only ones that name the capability); then, on a session declaring nothing, make the same
 * calls with the same arguments (not opened when the first had nothing to call and drew nothing:
 * `undeclared` is then {@link NOT_OPENED}).
 * Root: `declared` and `undeclared` ({@link SessionObservation}), `method`, `capability`, and
 * `exercised.tool_calls` (the calls answered without the capability). `unverified` says why the
 * declared session drew nothing (a pass then proves nothing); `error` means a session could not
 * be opened or its tools listed (nothing judged).
 */
export async function runCapabilityProbe(
  capability: ClientCapability,
  options: CapabilityProbeOptions,
): Promise<ProbeOutcome> {
  const method = CAPABILITY_METHODS[capability];
  const where = `when the client declares ${capability}`;
  const declared = await within(options, exercisingClient(capability), where, async (session) => {
    const send = (params: Record<string, unknown>) =>
      session.request("tools/list", params, { timeoutMs: options.timeoutMs });
    const fail = (message: string) => new Error(message);
    const tools = await listItems(send, "tools/list", "tools", { fail }).catch((e: Error) => e);
    if (tools instanceof Error) return { error: `${where}: ${tools.message}` };
    const plan = planToolCalls(tools, options.safeTools, where, capability);
    const calls = "calls" in plan ? plan.calls : [];
    const seen = await exercise(session, calls, method, options.timeoutMs, true);
    const made = calls.slice(0, seen.tool_calls.length);
    return { seen, made, ...("none" in plan ? { none: plan.none } : {}) };
  });
  if ("error" in declared) return { root: {}, error: declared.error };
  const { seen } = declared;
  if ("none" in declared && seen.drawn === 0) {
    return {
      root: {
        capability,
        method,
        declared: seen,
        undeclared: NOT_OPENED,
        exercised: { tool_calls: 0 },
      },
      unverified: declared.none,
    };
  }
  // The same calls, with the same arguments, without the capability: a request for it then is a
  // violation either way.
  const calls = declared.made;
  const without = await within(
    options,
    NO_CLIENT,
    "declaring no capability",
    (session) => exercise(session, calls, method, options.timeoutMs, false),
  );
  if ("error" in without) return { root: {}, error: without.error };
  const root = {
    capability,
    method,
    declared: seen,
    undeclared: without,
    exercised: { tool_calls: without.answered },
  };
  if (seen.drawn > 0) return { root };
  const called = seen.tool_calls.map((n) => JSON.stringify(n)).join(", ") || "none";
  const hint = options.safeTools.length === 0 ? defaultCallsHint(capability) : "";
  const unverified = "none" in declared ? declared.none : `no tool safe to call drew ${method} ` +
    `${where} (called: ${called}), so its absence without ${capability} proves nothing${hint}`;
  return { root, unverified };
}
