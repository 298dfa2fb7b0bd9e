/** @module The tool calls of the `client_capability` probe on one session, and what the session saw: the server's requests (on the wire and in 2026 `input_required` results), counted by method. */

import type { Exchange, Session } from "../../../2_connect/session/types.ts";
import type { ToolCall } from "./safe_tool_calls.ts";

/** What one session of the probe saw, for one rule. */
export interface SessionObservation {
  /** Every request the server sent on the session (JSON-RPC requests and 2026 `inputRequests`). */
  readonly server_requests: readonly unknown[];
  /** How many of them are the capability's method (whichever call drew them). */
  readonly drawn: number;
  /** The tools called for the rule, in order. */
  readonly tool_calls: readonly string[];
  /** How many of those calls the server answered (a result or an error). */
  readonly answered: number;
}

/** A session of the probe and every exchange of the calls made on it (for every rule). */
export interface SessionLog {
  readonly session: Session;
  readonly exchanges: Exchange[];
}

/** The calls made on a session for one rule, in order, and the exchange of each. */
export interface RuleCalls {
  readonly made: readonly ToolCall[];
  readonly exchanges: readonly Exchange[];
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

/** How many requests for `method` the session of `log` has seen so far. */
export function drawnOn(log: SessionLog, method: string): number {
  return countMethod(sessionRequests(log.session, log.exchanges), method);
}

/**
 * Call `calls` on the session of `log` in turn, each once the previous one's requests are in,
 * stopping before a call when `stop()` says so. What a call draws is in once the session's fence
 * holds (on stdio: the server answered pings sent after it). No fixed wait; every wait is bounded
 * by `timeoutMs`.
 */
export async function callTools(
  log: SessionLog,
  calls: readonly ToolCall[],
  timeoutMs: number,
  stop: () => boolean,
): Promise<RuleCalls> {
  const made: ToolCall[] = [];
  const exchanges: Exchange[] = [];
  for (const call of calls) {
    if (stop()) break;
    const params = { name: call.name, arguments: { ...call.arguments } };
    const exchange = await log.session.request("tools/call", params, { timeoutMs });
    log.exchanges.push(exchange);
    exchanges.push(exchange);
    made.push(call);
    await log.session.fence?.({ timeoutMs });
  }
  return { made, exchanges };
}

/**
 * What the session of `log` showed one rule once every call on it is made: every request the
 * server sent on it, how many of them are `method` (attributed by method, never by which call
 * drew them), and the rule's own calls.
 */
export function observe(log: SessionLog, own: RuleCalls, method: string): SessionObservation {
  const server_requests = sessionRequests(log.session, log.exchanges);
  return {
    server_requests,
    drawn: countMethod(server_requests, method),
    tool_calls: own.made.map((call) => call.name),
    answered: own.exchanges.filter((e) => e.response !== undefined).length,
  };
}
