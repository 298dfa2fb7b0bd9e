/** @module Responses whose id matches no request in flight: told apart from late answers, and turned into a clear protocol failure instead of a timeout. */

import type { JsonRpcId } from "../../0_base/protocol/jsonrpc.ts";
import { type InFlight, keyOf } from "./pending.ts";

/** How many ids of requests that gave up (timed out) are remembered, to recognise late answers. */
const ABANDONED_MAX = 1024;
/** How many unmatched responses are remembered for the timeout message of ambiguous cases. */
const UNMATCHED_MAX = 8;

/** `"1" (a string)`, `1 (a number)`, `null`, `missing`. */
export function describeId(id: unknown): string {
  if (id === undefined) return "missing";
  if (id === null) return "null";
  if (typeof id === "string") return `${JSON.stringify(id)} (a string)`;
  if (typeof id === "number") return `${id} (a number)`;
  return `${JSON.stringify(id) ?? String(id)} (${
    Array.isArray(id) ? "a list" : `an ${typeof id}`
  })`;
}

/** The failure text for a response with id `received` while `expected` was in flight. */
export function unmatchedIdMessage(
  received: unknown,
  expected: JsonRpcId,
  error?: unknown,
): string {
  const what = errorSummary(error);
  return `the server answered with id ${describeId(received)}, which matches no request${what}; ` +
    `expected id ${describeId(expected)}`;
}

function errorSummary(error: unknown): string {
  if (typeof error !== "object" || error === null) return "";
  const { code, message } = error as { code?: unknown; message?: unknown };
  const text = typeof message === "string" ? `: ${message.slice(0, 200)}` : "";
  return code === undefined && text === "" ? "" : ` (error ${String(code)}${text})`;
}

/** One unmatched response, remembered for the requests in flight when it came. */
interface Unmatched {
  readonly at: number;
  readonly description: string;
}

/** Late answers versus unmatched ids, per session. */
export class UnmatchedResponses {
  readonly #abandoned = new Set<string>();
  readonly #recent: Unmatched[] = [];

  /** Remember that the request with `id` gave up waiting (its answer may still come, late). */
  abandoned(id: JsonRpcId): void {
    this.#abandoned.add(keyOf(id));
    if (this.#abandoned.size > ABANDONED_MAX) {
      const oldest = this.#abandoned.values().next().value;
      if (oldest !== undefined) this.#abandoned.delete(oldest);
    }
  }

  /**
   * A response matched nothing in flight. Returns the request it must fail (with its message), or
   * undefined (a stray: it is remembered, and {@link timeoutNote} mentions it when a request times
   * out). Only what correlates it fails a request: the HTTP response that carried it, or an id
   * equal in value but not in type (`"1"` for `1`). An answer is never pinned on a request merely
   * because that request is the only one in flight: which requests are in flight when a stray
   * arrives depends on timing, and a verdict must not.
   * @param inFlight the requests in flight that have an id
   * @param streamOf the request whose HTTP response carried this one, if any
   */
  match(
    id: unknown,
    error: unknown,
    inFlight: ReadonlyArray<readonly [JsonRpcId, InFlight]>,
    streamOf: readonly [JsonRpcId, InFlight] | undefined,
  ): { entry: InFlight; message: string } | undefined {
    if ((typeof id === "string" || typeof id === "number") && this.#abandoned.has(keyOf(id))) {
      return undefined;
    }
    const alike = typeof id === "string" || typeof id === "number"
      ? inFlight.filter(([expected]) => String(expected) === String(id))
      : [];
    const target = streamOf ?? (alike.length === 1 ? alike[0] : undefined);
    if (target) return { entry: target[1], message: unmatchedIdMessage(id, target[0], error) };
    this.#recent.push({ at: performance.now(), description: describeId(id) + errorSummary(error) });
    if (this.#recent.length > UNMATCHED_MAX) this.#recent.shift();
    return undefined;
  }

  /** For a request in flight since `since` that timed out: the unmatched ids seen meanwhile, or "". */
  timeoutNote(since: number): string {
    const seen = this.#recent.filter((u) => u.at >= since).map((u) => u.description);
    return seen.length === 0
      ? ""
      : `; meanwhile the server sent responses whose ids match no request: ${seen.join(", ")}`;
  }
}
