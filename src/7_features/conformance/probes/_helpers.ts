/** @module Helpers shared by probes: capability gates, tool lists, result access, exchange wording. */

import type { Exchange } from "../../../2_connect/session/types.ts";
import {
  notApplicable,
  notVerified,
  type ProbeContext,
  type ProbeOutcome,
  STDIO_SKIP,
} from "./probe_types.ts";

/** A tool definition as listed (only the fields probes read). */
export interface ToolDef {
  readonly name: string;
  readonly inputSchema?: unknown;
  readonly outputSchema?: unknown;
  readonly annotations?: Record<string, unknown>;
  readonly icons?: unknown;
  readonly [key: string]: unknown;
}

/** Whether the server advertised `capability`. */
export function hasCapability(ctx: ProbeContext, capability: string): boolean {
  const value = ctx.capabilities[capability];
  return value !== undefined && value !== null && value !== false;
}

/**
 * The one HTTP-only gate: not-applicable (with {@link STDIO_SKIP} or `reason`) on stdio,
 * undefined over HTTP.
 */
export function httpOnly(ctx: ProbeContext, reason = STDIO_SKIP): ProbeOutcome | undefined {
  return ctx.transport === "http" ? undefined : notApplicable(reason);
}

/** A not-applicable outcome for a capability the server does not advertise. */
export function lacks(capability: string): ProbeOutcome {
  return notApplicable(`server does not advertise the ${capability} capability`);
}

/** The object result of an exchange, or undefined. */
export function resultOf(exchange: Exchange): Record<string, unknown> | undefined {
  return asRecord(exchange.response?.result);
}

/** One line describing what came back (for details). */
export function describe(exchange: Exchange): string {
  const status = exchange.http ? ` (HTTP ${exchange.http.status})` : "";
  if (exchange.failure) {
    return `${exchange.failure.kind}: ${oneLine(exchange.failure.message)}${status}`;
  }
  const error = exchange.response?.error;
  if (error) return `error ${error.code}: ${oneLine(error.message)}${status}`;
  return `a result${status}`;
}

/** Collapse whitespace and cut at 120 characters (server messages may be multi-line JSON). */
export function oneLine(text: string): string {
  const flat = String(text).replace(/\s+/g, " ").trim();
  return flat.length > 120 ? `${flat.slice(0, 117)}...` : flat;
}

/**
 * The server's tools (every page of tools/list), or an outcome explaining why there are none to
 * look at: not-applicable without the tools capability, not-verified when listing failed.
 */
export async function listTools(ctx: ProbeContext): Promise<ToolDef[] | ProbeOutcome> {
  const items = await listAll(ctx, "tools", "tools/list", "tools");
  if (!Array.isArray(items)) return items;
  return items.filter((t): t is ToolDef => typeof asRecord(t)?.name === "string");
}

/**
 * Every item of a paginated list method (at most 20 pages), or an outcome when the capability is
 * missing or the list fails.
 */
export async function listAll(
  ctx: ProbeContext,
  capability: string,
  method: string,
  key: string,
): Promise<unknown[] | ProbeOutcome> {
  if (!hasCapability(ctx, capability)) return lacks(capability);
  const items: unknown[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < 20; page++) {
    const exchange = await ctx.cached(method, cursor === undefined ? undefined : { cursor });
    const result = resultOf(exchange);
    const list = result?.[key];
    if (!result || !Array.isArray(list)) {
      return notVerified(`${method} did not return a ${key} list: ${describe(exchange)}`);
    }
    items.push(...list);
    const next = result.nextCursor;
    if (typeof next !== "string" || next === "") break;
    cursor = next;
  }
  return items;
}

/** Whether a value is an outcome (not a list). */
export function isOutcome(value: unknown): value is ProbeOutcome {
  return typeof asRecord(value)?.status === "string" && !Array.isArray(value);
}

/** The value as a plain object, or undefined. */
export function asRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? value as Record<string, unknown>
    : undefined;
}

/** A name no server has, for unknown-tool / missing-resource probes. */
export function bogusName(prefix: string): string {
  return `${prefix}-${crypto.randomUUID().slice(0, 8)}`;
}

/** The arguments to call `tool` with: the user's (`--safe-tool name=JSON`), else none. */
export function argumentsFor(ctx: ProbeContext, tool: string): Record<string, unknown> {
  const named = ctx.safeTools?.find((t) => t.name === tool);
  return { ...(named?.arguments ?? {}) };
}
