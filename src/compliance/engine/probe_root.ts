/** @module Run a rule's probe over a live session and build the root its targets resolve against. */

import type { Exchange, Session } from "../../session/types.ts";
import type { RevisionInfo } from "../../protocol/revisions.ts";
import { responseRoot } from "../../runner/response_root.ts";
import { runFreshProbe } from "./fresh_probe.ts";
import { runHttpProbe } from "./http_probe.ts";
import { duplicateIds, progressObservation, repeatObservation } from "./observations.ts";
import type { RuleProbe } from "../corpus/types.ts";

/** The probe's root plus the exchange failure, when there was one. */
export interface ProbeOutcome {
  readonly root: Record<string, unknown>;
  readonly failure?: string;
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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
    list_observation: { duplicate_ids: duplicateIds(exchange.response?.result) },
  };
}

/**
 * Run `probe` (placeholders already filled). Never throws for a server failure: it is in `failure`
 * and the root lacks the targets.
 */
export async function runProbe(
  session: Session,
  probe: RuleProbe,
  revision: RevisionInfo,
  timeoutMs: number,
  watchWire: boolean,
): Promise<ProbeOutcome> {
  const settle = watchWire ? 30 : 0;
  const since = serverMessages(session).length;
  const freshSince = () => serverMessages(session).slice(since);
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
              ...(probe.expect_id === undefined ? {} : { expectId: probe.expect_id }),
            }),
        );
      }
      if (settle) await delay(settle);
      const first = exchanges[0]!;
      const root = exchangeRoot(first, freshSince());
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
      let failure: string | undefined;
      try {
        await session.notify(probe.method, probe.params ? { ...probe.params } : undefined);
      } catch (error) {
        failure = error instanceof Error ? error.message : String(error);
      }
      await delay(probe.wait_ms ?? 100);
      const root = { received: freshSince().map((m) => m.message ?? m.raw) };
      return failure === undefined ? { root } : { root, failure };
    }
    case "http": {
      const target = session.server.target;
      if (target.kind !== "http") return { root: {}, failure: "http probe on a stdio server" };
      try {
        return { root: { ...await runHttpProbe(probe, target, revision, timeoutMs) } };
      } catch (error) {
        return { root: {}, failure: error instanceof Error ? error.message : String(error) };
      }
    }
  }
}

function withFailure(root: Record<string, unknown>, exchange: Exchange): ProbeOutcome {
  return exchange.failure
    ? { root, failure: `${exchange.failure.kind}: ${exchange.failure.message}` }
    : { root };
}
