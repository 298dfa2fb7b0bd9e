/** @module Value helpers shared by matchers: JSON rendering, deep equality, string coercion. */

const MAX_RENDER = 2000;

/** Render a value compactly for `expected`/`actual` lines (truncated when huge). */
export function render(value: unknown): string {
  const text = value === undefined ? "(missing)" : JSON.stringify(value) ?? String(value);
  return text.length > MAX_RENDER ? `${text.slice(0, MAX_RENDER)}... (${text.length} chars)` : text;
}

/** Coerce a captured value to a string (seed 004: JSON text unless it already is a string). */
export function asText(value: unknown): string {
  return typeof value === "string" ? value : JSON.stringify(value) ?? String(value);
}

/** Deep equality with JSON semantics: key order never matters, arrays are ordered. */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a === "number" && typeof b === "number") return Number.isNaN(a) && Number.isNaN(b);
  if (a === null || b === null || typeof a !== "object" || typeof b !== "object") return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, i) => deepEqual(item, b[i]));
  }
  const ka = Object.keys(a as object);
  const kb = Object.keys(b as object);
  if (ka.length !== kb.length) return false;
  const rb = b as Record<string, unknown>;
  return ka.every((k) =>
    Object.hasOwn(rb, k) && deepEqual((a as Record<string, unknown>)[k], rb[k])
  );
}

/** True for a plain JSON object. */
export function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}
