/** @module Run a rule's probe over a live session and build the root its targets resolve against. */

import type { Exchange, Session } from "../../session/types.ts";
import type { RevisionInfo } from "../../protocol/revisions.ts";
import { isResponse, type JsonRpcResponse } from "../../protocol/jsonrpc.ts";
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

/**
 * How long a fenced raw frame waits for its answer before the fence goes out (ms). A local server
 * answers a frame it rejects within a few milliseconds.
 */
export const FIRST_LOOK_MS = 10;

/** After the fence's answer, how long a late answer to the frame may still come (ms). */
export const FENCE_GRACE_MS = 20;

/** A late answer to a raw frame: a response with the expected id (or `id: null`), any when none is expected. */
function lateAnswer(
  messages: ReturnType<typeof serverMessages>,
  expectId: string | number | undefined,
): JsonRpcResponse | undefined {
  return messages.map((m) => m.message).find((m): m is JsonRpcResponse =>
    isResponse(m) && (expectId === undefined || m.id === expectId || m.id === null)
  );
}

/**
 * Wait after a notification for what it may (wrongly) draw, at most `waitMs`: a `ping` follows it
 * as a fence; a server reads its input in order, so what the notification draws comes before the
 * ping's answer, or within {@link FENCE_GRACE_MS} of it when sent out of order.
 * @returns whether the fence was answered (else the whole `waitMs` went by)
 */
async function fencedWait(session: Session, waitMs: number): Promise<boolean> {
  const until = performance.now() + waitMs;
  const fence = await session.request("ping", undefined, { timeoutMs: Math.max(1, waitMs) });
  const end = fence.failure === undefined
    ? Math.min(until, performance.now() + FENCE_GRACE_MS)
    : until;
  await delay(Math.max(0, end - performance.now()));
  return fence.failure === undefined;
}

/** Send a notification and wait `waitMs` for what it draws (no fence). */
async function plainWait(
  session: Session,
  method: string,
  params: Record<string, unknown> | undefined,
  waitMs: number,
): Promise<{ since: number; failure?: string }> {
  const since = serverMessages(session).length;
  let failure: string | undefined;
  try {
    await session.notify(method, params);
  } catch (error) {
    failure = error instanceof Error ? error.message : String(error);
  }
  await delay(waitMs);
  return failure === undefined ? { since } : { since, failure };
}

/**
 * Send a raw frame a server may drop without answering, without waiting out the whole deadline
 * when it does: the frame gets {@link FIRST_LOOK_MS}; if nothing came, a `ping` follows it as a
 * fence. A server reads its input in order, so once it has answered the ping (any answer, even
 * -32601), an answer to the earlier frame is either already here or not coming: the probe waits
 * {@link FENCE_GRACE_MS} more for one that was sent out of order, never past `deadlineMs`. A late
 * answer (it arrives unmatched, after the first look) counts as the frame's answer.
 */
async function sendRawFenced(
  session: Session,
  frame: string,
  expectId: string | number | undefined,
  deadlineMs: number,
): Promise<Exchange> {
  const started = performance.now();
  const left = () => Math.max(1, Math.round(deadlineMs - (performance.now() - started)));
  const since = serverMessages(session).length;
  const options = expectId === undefined ? {} : { expectId };
  const first = await session.sendRaw(frame, {
    ...options,
    timeoutMs: Math.min(deadlineMs, FIRST_LOOK_MS),
  });
  if (first.failure?.kind !== "timeout" || deadlineMs <= FIRST_LOOK_MS) return first;
  const arrived = () => lateAnswer(serverMessages(session).slice(since), expectId);
  const fence = await session.request("ping", undefined, { timeoutMs: left() });
  const fenced = fence.failure === undefined;
  // Without an answer to the fence there is nothing to order by: wait out the deadline.
  const until = performance.now() + (fenced ? Math.min(FENCE_GRACE_MS, left()) : left());
  while (arrived() === undefined && performance.now() < until) await delay(5);
  const durationMs = Math.round(performance.now() - started);
  const late = arrived();
  if (late !== undefined) {
    const { failure: _none, ...answered } = first;
    return { ...answered, response: late, durationMs };
  }
  return {
    ...first,
    durationMs,
    failure: {
      kind: "timeout",
      message: fenced
        ? `no response to the frame within ${durationMs} ms (the server answered a ping sent after it)`
        : `no response to the frame within ${durationMs} ms`,
    },
  };
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
  fence = false,
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
            : fence
            ? await sendRawFenced(session, probe.frame, probe.expect_id, timeoutMs)
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
      const params = probe.params ? { ...probe.params } : undefined;
      const waitMs = probe.wait_ms ?? 100;
      if (fence) {
        let failure: string | undefined;
        try {
          await session.notify(probe.method, params);
        } catch (error) {
          failure = error instanceof Error ? error.message : String(error);
        }
        if (failure !== undefined) return { root: { received: [] }, failure };
        await fencedWait(session, waitMs);
        const received = freshSince();
        // A frame that does not parse cannot be told apart from what the fence's answer brought
        // with it: judge the notification again without a fence, as if there were none.
        if (!received.some((m) => m.parseError !== undefined)) {
          return { root: { received: received.map((m) => m.message ?? m.raw) } };
        }
      }
      const plain = await plainWait(session, probe.method, params, waitMs);
      const root = {
        received: serverMessages(session).slice(plain.since).map((m) => m.message ?? m.raw),
      };
      return plain.failure === undefined ? { root } : { root, failure: plain.failure };
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
