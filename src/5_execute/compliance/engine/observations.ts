/** @module Facts computed over what a probe saw (repeat identity, progress order, duplicate ids), for rules to assert on. */

import type { JsonRpcMessage } from "../../../0_base/protocol/jsonrpc.ts";
import type { Exchange } from "../../../2_connect/session/types.ts";
import { canonicalJson } from "../../../0_base/util/canonical_json.ts";

/** What a repeated probe saw: whether every answer was the same, and how many arrived. */
export interface RepeatObservation {
  readonly calls: number;
  readonly answered: number;
  /** Every answer's result (or error) is structurally identical (key order ignored). */
  readonly identical: boolean;
}

/** Cache hints are allowed to differ between two answers; everything else must not. */
function comparable(exchange: Exchange): string {
  const response = exchange.response;
  if (!response) return "(no answer)";
  if (response.error !== undefined) return canonicalJson({ error: response.error });
  const result = response.result;
  if (result !== null && typeof result === "object" && !Array.isArray(result)) {
    const { ttlMs: _ttl, ...rest } = result as Record<string, unknown>;
    return canonicalJson(rest);
  }
  return canonicalJson(result);
}

/** Compare the answers of a repeated probe. */
export function repeatObservation(exchanges: readonly Exchange[]): RepeatObservation {
  const keys = exchanges.map(comparable);
  return {
    calls: exchanges.length,
    answered: exchanges.filter((e) => e.response !== undefined).length,
    identical: keys.every((k) => k === keys[0]) && !keys.includes("(no answer)"),
  };
}

/** What the progress notifications of one request looked like. */
export interface ProgressObservation {
  readonly count: number;
  /** Each `progress` is a number greater than the one before (vacuously true for fewer than two). */
  readonly increasing: boolean;
}

/** Observe the `notifications/progress` a request received. */
export function progressObservation(notifications: readonly JsonRpcMessage[]): ProgressObservation {
  const values = notifications
    .filter((n) => (n as { method?: unknown }).method === "notifications/progress")
    .map((n) => (n as { params?: { progress?: unknown } }).params?.progress);
  let increasing = true;
  for (let i = 1; i < values.length; i++) {
    const a = values[i - 1], b = values[i];
    if (typeof a !== "number" || typeof b !== "number" || !(b > a)) increasing = false;
  }
  return { count: values.length, increasing };
}

const ID_KEYS = ["name", "uri", "uriTemplate"] as const;

/**
 * Identifiers listed more than once in a list result (`tools[].name`, `resources[].uri`,
 * `resourceTemplates[].uriTemplate`, `prompts[].name`), sorted.
 */
export function duplicateIds(result: unknown): string[] {
  if (result === null || typeof result !== "object" || Array.isArray(result)) return [];
  const dupes = new Set<string>();
  for (const list of Object.values(result as Record<string, unknown>)) {
    if (!Array.isArray(list)) continue;
    const seen = new Set<string>();
    for (const item of list) {
      if (item === null || typeof item !== "object") continue;
      const key = ID_KEYS.map((k) => (item as Record<string, unknown>)[k])
        .find((v) => typeof v === "string") as string | undefined;
      if (key === undefined) continue;
      if (seen.has(key)) dupes.add(key);
      seen.add(key);
    }
  }
  return [...dupes].sort();
}
