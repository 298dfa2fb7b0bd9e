/** @module Canonical JSON: object keys sorted at every level, so equal values give equal text. */

/**
 * JSON text with object keys sorted at every level (array order kept), so key order never counts
 * as a difference. `undefined` members are dropped as JSON.stringify drops them; a top-level value
 * JSON cannot hold (`undefined`, a function) gives `"null"`.
 *
 * @example
 * ```ts
 * import { canonicalJson } from "./canonical_json.ts";
 * canonicalJson({ b: 1, a: [{ d: 2, c: 3 }] }); // '{"a":[{"c":3,"d":2}],"b":1}'
 * ```
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value) ?? "null";
  if (Array.isArray(value)) {
    let out = "[";
    for (let i = 0; i < value.length; i++) out += (i === 0 ? "" : ",") + canonicalJson(value[i]);
    return out + "]";
  }
  const object = value as Record<string, unknown>;
  const keys = Object.keys(object).sort();
  let out = "{";
  let first = true;
  for (const key of keys) {
    const member = object[key];
    if (member === undefined) continue;
    out += `${first ? "" : ","}${JSON.stringify(key)}:${canonicalJson(member)}`;
    first = false;
  }
  return out + "}";
}
