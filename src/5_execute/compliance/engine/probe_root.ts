/** @module Run a rule's probe over a live session and build the root its targets resolve against. */

import type { Exchange, FenceResult, Session } from "../../../2_connect/session/types.ts";
import type { RevisionInfo } from "../../../0_base/protocol/revisions.ts";
import { responseRoot } from "../../runner/response_root.ts";
import { runFreshProbe } from "./fresh_probe.ts";
import { runHttpProbe } from "./http_probe.ts";
import { runUiResourcesProbe } from "./ui_resources_probe.ts";
import { duplicateIds, progressObservation, repeatObservation } from "./observations.ts";
import type { RuleProbe } from "../../../3_load/compliance_corpus/types.ts";

/** The probe's root plus the exchange failure, when there was one. */
export interface ProbeOutcome {
  readonly root: Record<string, unknown>;
  readonly failure?: string;
  /** Why a pass would prove nothing, said better than the unmet `verified_when` can say it. */
  readonly unverified?: string;
  /** The probe could not run at all (a session of its own did not open): nothing to judge. */
  readonly error?: string;
}

/**
 * What a probe drew, of the server messages since it began: everything before the fence's first
 * answer, and the responses that came before its last one (a server may answer one step out of
 * order; a line it writes after each answer is the fence's own, not the probe's).
 */
function drawn(
  fresh: ReturnType<typeof serverMessages>,
  since: number,
  fence: FenceResult | undefined,
): ReturnType<typeof serverMessages> {
  if (fence === undefined) return fresh;
  const before = fresh.slice(0, Math.max(0, fence.mark - since));
  const between = fresh.slice(Math.max(0, fence.mark - since), Math.max(0, fence.end - since));
  return [...before, ...between.filter((m) => isResponseMessage(m.message))];
}

function isResponseMessage(value: unknown): boolean {
  return typeof value === "object" && value !== null && !("method" in value) && "id" in value;
}

/** 1 when the exchange is a tools/call the server answered (a call that could draw requests). */
function toolCallsAnswered(exchange: Exchange): number {
  const method = (exchange.request as { method?: unknown }).method;
  return method === "tools/call" && exchange.response !== undefined ? 1 : 0;
}

function serverMessages(session: Session) {
  return session.capture().server_messages ?? [];
}

function transportName(session: Session): string {
  const target = session.server.target;
  if (target.kind === "stdio") return "stdio";
  return target.transport === "sse" ? "sse" : "streamable-http";
}

function isRequestMessage(value: unknown): boolean {
  return typeof value === "object" && value !== null && "method" in value && "id" in value;
}

/** The handshake result (initialize, or server/discover in the stateless lifecycle) from the capture. */
function handshakeRoot(session: Session): Record<string, unknown> {
  // An unpinned handshake may probe server/discover before it falls back to initialize: the
  // exchange that settled the session is the last answered one, else the first attempt.
  const attempts = session.capture().exchanges.filter((e) => {
    const method = (e.request as { method?: unknown })?.method;
    return method === "initialize" || method === "server/discover";
  });
  const exchange =
    attempts.findLast((e) =>
      (e.response as { result?: unknown } | undefined)?.result !== undefined
    ) ?? attempts[0];
  const response = exchange?.response as { result?: unknown; error?: unknown } | undefined;
  return {
    result: response?.error !== undefined ? { error: response.error } : response?.result,
    transport: transportName(session),
    session: {
      protocolVersion: session.protocolVersion,
      capabilities: session.serverCapabilities,
      serverInfo: session.serverInfo,
    },
  };
}

/** The root of an exchange: result, envelope, what arrived with it, and the observations. */
function exchangeRoot(
  exchange: Exchange,
  fresh: ReturnType<typeof serverMessages>,
): Record<string, unknown> {
  return {
    ...responseRoot(exchange),
    response: exchange.response ?? null,
    notifications: exchange.notifications,
    server_requests: fresh.map((m) => m.message).filter(isRequestMessage),
    transport_observation: {
      unparsed_frames: fresh.filter((m) => m.parseError !== undefined).length,
    },
    progress_observation: progressObservation(exchange.notifications),
    exercised: { tool_calls: toolCallsAnswered(exchange) },
    list_observation: { duplicate_ids: duplicateIds(exchange.response?.result) },
  };
}

/**
 * Run `probe` (placeholders already filled). Never throws for a server failure: it is in `failure`
 * and the root lacks the targets. Nothing here waits a fixed time: a raw frame's "no answer" and
 * what a notification or a request drew are decided by the session's fence (on stdio, the server
 * answered pings sent after the probe, in order), and every wait is bounded by `timeoutMs`.
 */
export async function runProbe(
  session: Session,
  probe: RuleProbe,
  revision: RevisionInfo,
  timeoutMs: number,
  watchWire: boolean,
): Promise<ProbeOutcome> {
  const since = serverMessages(session).length;
  /** What the server sent on its own since the probe began (up to a fence's mark). */
  const freshSince = (mark?: number) => serverMessages(session).slice(since, mark);
  switch (probe.kind) {
    case "handshake":
      return { root: handshakeRoot(session) };
    case "request":
    case "raw": {
      const exchanges: Exchange[] = [];
      for (let i = 0; i < Math.max(1, probe.repeat ?? 1); i++) {
        exchanges.push(
          probe.kind === "request"
            ? await session.request(
              probe.method,
              probe.params ? { ...probe.params } : undefined,
              { timeoutMs },
            )
            : await session.sendRaw(probe.frame, {
              timeoutMs,
              fence: true,
              ...(probe.expect_id === undefined ? {} : { expectId: probe.expect_id }),
            }),
        );
      }
      // What the probe drew on the wire (frames that do not parse) is in once the fence holds.
      const fence = watchWire ? await session.fence?.({ timeoutMs }) : undefined;
      const first = exchanges[0]!;
      const root = exchangeRoot(first, freshSince(fence?.mark));
      if (exchanges.length > 1) root.repeat_observation = repeatObservation(exchanges);
      return withFailure(root, exchanges.find((e) => e.failure) ?? first);
    }
    case "fresh": {
      try {
        const exchange = await runFreshProbe(
          session.server,
          probe.frame,
          probe.expect_id,
          timeoutMs,
        );
        return withFailure(exchangeRoot(exchange, []), exchange);
      } catch (error) {
        return { root: {}, failure: error instanceof Error ? error.message : String(error) };
      }
    }
    case "notification": {
      try {
        await session.notify(probe.method, probe.params ? { ...probe.params } : undefined);
      } catch (error) {
        const failure = error instanceof Error ? error.message : String(error);
        return { root: { received: [] }, failure };
      }
      // Over Streamable HTTP what the notification drew came on its own POST's response, which
      // notify() has read; on an in-order stream it is all in once the fence holds.
      const fence = await session.fence?.({ timeoutMs });
      const root = { received: drawn(freshSince(), since, fence).map((m) => m.message ?? m.raw) };
      return fence?.held !== false ? { root } : {
        root,
        failure: "the server did not answer the ping sent after the notification, " +
          "so what the notification drew cannot be told",
      };
    }
    case "client_capability":
      // It needs sessions of its own (declaring the capability, and not): run_rules runs it.
      return { root: {}, error: "a client_capability probe runs on sessions of its own" };
    case "ui_resources":
      return await runUiResourcesProbe(session, timeoutMs);
    case "http":
      return await httpProbeRoot(session, probe, revision, timeoutMs);
  }
}

/** An http probe's root (raw HTTP against the endpoint; a stdio server has none). */
async function httpProbeRoot(
  session: Session,
  probe: Extract<RuleProbe, { kind: "http" }>,
  revision: RevisionInfo,
  timeoutMs: number,
): Promise<ProbeOutcome> {
  const target = session.server.target;
  if (target.kind !== "http") return { root: {}, failure: "http probe on a stdio server" };
  try {
    return { root: { ...await runHttpProbe(probe, target, revision, timeoutMs) } };
  } catch (error) {
    return { root: {}, failure: error instanceof Error ? error.message : String(error) };
  }
}

function withFailure(root: Record<string, unknown>, exchange: Exchange): ProbeOutcome {
  return exchange.failure
    ? { root, failure: `${exchange.failure.kind}: ${exchange.failure.message}` }
    : { root };
}
