/** @module Removes resolved secret values from any JSON value or text before it reaches an output. */

/** The text that replaces a secret. */
export const REDACTED = "[REDACTED]";

/** Replace every occurrence of each secret in `text`. Secrets shorter than 3 characters are ignored. */
export function redactText(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of usable(secrets)) out = out.split(secret).join(REDACTED);
  return out;
}

/** Deep-copy `value` with every string (keys included) redacted. */
export function redactValue<T>(value: T, secrets: readonly string[]): T {
  const list = usable(secrets);
  if (list.length === 0) return value;
  const walk = (v: unknown): unknown => {
    if (typeof v === "string") return redactText(v, list);
    if (Array.isArray(v)) return v.map(walk);
    if (v !== null && typeof v === "object") {
      return Object.fromEntries(
        Object.entries(v).map(([k, inner]) => [redactText(k, list), walk(inner)]),
      );
    }
    return v;
  };
  return walk(value) as T;
}

function usable(secrets: readonly string[]): string[] {
  // Longest first, so a secret that contains another is replaced whole.
  return [...new Set(secrets)].filter((s) => s.length >= 3).sort((a, b) => b.length - a.length);
}
