/** @module Evidence for the checks that judge the whole run's traffic: what the server answered, how, and what it sent on its own. */

import type { Exchange } from "../../../2_connect/session/types.ts";
import type { ProbeContext } from "./probe_types.ts";
import { asRecord, resultOf } from "./_helpers.ts";

/** The method of an exchange's request ("" for a raw frame without one). */
export function methodOf(exchange: Exchange): string {
  const method = (exchange.request as { method?: unknown }).method;
  return typeof method === "string" ? method : "";
}

/** The params of an exchange's request ({} when none). */
export function paramsOf(exchange: Exchange): Record<string, unknown> {
  return asRecord((exchange.request as { params?: unknown }).params) ?? {};
}

/**
 * The run's exchanges the server answered with a result (a tool's `isError` result included),
 * optionally only those of `methods`.
 */
export function answered(ctx: ProbeContext, methods?: readonly string[]): Exchange[] {
  return ctx.exchanges().filter((exchange) =>
    resultOf(exchange) !== undefined &&
    (methods === undefined || methods.includes(methodOf(exchange)))
  );
}

/** The run's requests the server answered as an SSE stream (`Content-Type: text/event-stream`). */
export function answeredAsStream(ctx: ProbeContext): Exchange[] {
  return ctx.exchanges().filter((exchange) =>
    (exchange.http?.headers["content-type"] ?? "").toLowerCase().includes("text/event-stream")
  );
}

/** The requests the server sent to the client during the run (from the session's capture). */
export function serverRequests(ctx: ProbeContext): Record<string, unknown>[] {
  return (ctx.session.capture().server_messages ?? [])
    .map((m) => asRecord(m.message))
    .filter((m): m is Record<string, unknown> =>
      m !== undefined && typeof m.method === "string" && "id" in m
    );
}

/** `3 tools/call, 1 resources/read`: how many of each method, for a detail. */
export function countByMethod(exchanges: readonly Exchange[]): string {
  const counts = new Map<string, number>();
  for (const exchange of exchanges) {
    const method = methodOf(exchange);
    counts.set(method, (counts.get(method) ?? 0) + 1);
  }
  return [...counts].map(([method, n]) => `${n} ${method}`).join(", ");
}
