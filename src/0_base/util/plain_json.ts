/** @module Whether a value survives a JSON round trip as equal data: plain data only. */

/**
 * Whether `value` is JSON data that `JSON.parse(JSON.stringify(value))` gives back deep-equal:
 * plain objects (the ordinary prototype) and arrays, strings, booleans, null and finite numbers
 * (not -0); no `undefined` member, no hole, no extra array member, no symbol or `__proto__` key.
 * A part reached twice is allowed (its copies are equal data: callers treat the value as read-only),
 * but not past `maxDepth` levels (a cycle) or `maxNodes` visits (too large to be worth keeping).
 * Uses no memory per node beyond the walk's own stack.
 *
 * @example
 * ```ts
 * import { isPlainJsonData } from "./plain_json.ts";
 * isPlainJsonData({ a: [1, "x", null] }); // true
 * isPlainJsonData({ a: new Map() }); // false
 * ```
 */
export function isPlainJsonData(value: unknown, maxNodes = 50_000_000, maxDepth = 1000): boolean {
  const stack: unknown[] = [value];
  const depths: number[] = [0];
  let visits = 0;
  while (stack.length > 0) {
    const node = stack.pop();
    const depth = depths.pop()!;
    if (node === null || typeof node === "string" || typeof node === "boolean") continue;
    if (typeof node === "number") {
      if (!Number.isFinite(node) || Object.is(node, -0)) return false;
      continue;
    }
    if (typeof node !== "object" || ++visits > maxNodes || depth >= maxDepth) return false;
    if (Array.isArray(node)) {
      if (Object.getPrototypeOf(node) !== Array.prototype) return false;
      for (let i = 0; i < node.length; i++) {
        if (!(i in node)) return false;
        stack.push(node[i]);
        depths.push(depth + 1);
      }
      if (Object.keys(node).length !== node.length) return false;
      continue;
    }
    if (Object.getPrototypeOf(node) !== Object.prototype) return false;
    const keys = Object.keys(node);
    if (Object.getOwnPropertyNames(node).length !== keys.length) return false;
    if (Object.getOwnPropertySymbols(node).length > 0) return false;
    for (const key of keys) {
      const member = (node as Record<string, unknown>)[key];
      if (key === "__proto__" || member === undefined) return false;
      stack.push(member);
      depths.push(depth + 1);
    }
  }
  return true;
}
