/** @module Why a request is not in a cassette: the nearest recorded request and the first field that differs. */

import { canonicalJson } from "../../0_base/util/canonical_json.ts";
import { matchParams } from "./normalize.ts";

/** The nearest recorded request to a live one, and where they differ. */
export interface Staleness {
  /** The first differing field (`method`, `params.arguments.text`). */
  readonly field: string;
  /** The nearest recorded request (method and params), when one has the same method. */
  readonly nearest?: { readonly method: string; readonly params: unknown };
  /** The recorded value of `field` in the nearest request (absent: the field was not there). */
  readonly recorded?: unknown;
}

/** Every path where `a` and `b` differ (leaves; a missing key counts as a difference). */
export function differences(a: unknown, b: unknown, path: string): string[] {
  if (canonicalJson(a) === canonicalJson(b)) return [];
  const objA = a !== null && typeof a === "object";
  const objB = b !== null && typeof b === "object";
  if (!objA || !objB || Array.isArray(a) !== Array.isArray(b)) return [path];
  if (Array.isArray(a) && Array.isArray(b)) {
    const out: string[] = [];
    for (let i = 0; i < Math.max(a.length, b.length); i++) {
      out.push(...differences(a[i], b[i], `${path}[${i}]`));
    }
    return out;
  }
  const ra = a as Record<string, unknown>, rb = b as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(ra), ...Object.keys(rb)])].sort();
  return keys.flatMap((k) => differences(ra[k], rb[k], path === "" ? k : `${path}.${k}`));
}

/** The value at a dotted path with `[i]` indexes, or undefined. */
function valueAt(root: unknown, path: string): unknown {
  let node = root;
  for (const part of path.split(/\.|(?=\[)/).filter((p) => p !== "")) {
    if (node === null || typeof node !== "object") return undefined;
    const index = /^\[(\d+)\]$/.exec(part);
    node = index ? (node as unknown[])[Number(index[1])] : (node as Record<string, unknown>)[part];
  }
  return node;
}

/**
 * Find the recorded request nearest to `(method, params)` (same method, fewest differing fields,
 * the first on a tie) and the first field where they differ.
 */
export function staleness(
  method: string,
  params: unknown,
  recorded: readonly { readonly method: string; readonly params: unknown }[],
): Staleness {
  const live = { params: matchParams(method, params) };
  let best: { diffs: string[]; entry: { method: string; params: unknown } } | undefined;
  for (const entry of recorded) {
    if (entry.method !== method) continue;
    const diffs = differences(live, { params: matchParams(entry.method, entry.params) }, "");
    if (!best || diffs.length < best.diffs.length) best = { diffs, entry };
  }
  if (!best) return { field: "method" };
  const field = best.diffs[0] ?? "params";
  const recordedValue = valueAt(
    { params: matchParams(best.entry.method, best.entry.params) },
    field,
  );
  return {
    field,
    nearest: best.entry,
    ...(recordedValue === undefined ? {} : { recorded: recordedValue }),
  };
}

/** One line describing a request as replay matches it: `tools/call {"arguments":...}` (shortened past 200 chars). */
export function describeRequest(method: string, params: unknown): string {
  const shown = matchParams(method, params);
  const text = shown === undefined ? method : `${method} ${canonicalJson(shown)}`;
  return text.length > 200 ? `${text.slice(0, 199)}…` : text;
}
