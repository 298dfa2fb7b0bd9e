/** @module Run a rule's probe over a live session and build the root its targets resolve against. */

import type { Exchange, Session } from "../../session/types.ts";
import type { RevisionInfo } from "../../protocol/revisions.ts";
import { responseRoot } from "../../runner/response_root.ts";
import { runHttpProbe } from "./http_probe.ts";
import type { RuleProbe, RuleSpec } from "../types.ts";

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
  const exchange = session.capture().exchanges.find((e) => {
    const method = (e.request as { method?: unknown })?.method;
    return method === "initialize" || method === "server/discover";
  });
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

function exchangeRoot(
  exchange: Exchange,
  since: number,
  session: Session,
): Record<string, unknown> {
  const fresh = serverMessages(session).slice(since);
  return {
    ...responseRoot(exchange),
    response: exchange.response ?? null,
    notifications: exchange.notifications,
    server_requests: fresh.map((m) => m.message).filter(isRequestMessage),
    transport_observation: {
      unparsed_frames: fresh.filter((m) => m.parseError !== undefined).length,
    },
  };
}

/** Run `rule`'s probe. Never throws for a server failure: it is in `failure` and the root lacks the targets. */
export async function runProbe(
  session: Session,
  rule: RuleSpec,
  revision: RevisionInfo,
  timeoutMs: number,
): Promise<ProbeOutcome> {
  const probe: RuleProbe = rule.probe;
  const settle = rule.expect.some((e) => e.target.startsWith("transport_observation")) ? 30 : 0;
  const since = serverMessages(session).length;
  switch (probe.kind) {
    case "handshake":
      return { root: handshakeRoot(session) };
    case "request": {
      const exchange = await session.request(
        probe.method,
        probe.params ? { ...probe.params } : undefined,
        { timeoutMs },
      );
      if (settle) await delay(settle);
      return withFailure(exchangeRoot(exchange, since, session), exchange);
    }
    case "raw": {
      const exchange = await session.sendRaw(probe.frame, {
        timeoutMs,
        ...(probe.expect_id === undefined ? {} : { expectId: probe.expect_id }),
      });
      if (settle) await delay(settle);
      return withFailure(exchangeRoot(exchange, since, session), exchange);
    }
    case "notification": {
      let failure: string | undefined;
      try {
        await session.notify(probe.method, probe.params ? { ...probe.params } : undefined);
      } catch (error) {
        failure = error instanceof Error ? error.message : String(error);
      }
      await delay(probe.wait_ms ?? 100);
      const fresh = serverMessages(session).slice(since);
      const root = { received: fresh.map((m) => m.message ?? m.raw) };
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
