/** @module `{{name}}` placeholders in probes and expectations: filled from setup picks and run variables. */

const WHOLE = /^\{\{(\w+(?::\d+)?)\}\}$/;
const ANY = /\{\{(\w+(?::\d+)?)\}\}/g;
const GENERATED = /^text:(\d+)$/;
/** The largest `{{text:N}}` a rule may ask for (4 MiB). */
export const MAX_GENERATED_TEXT = 4 * 1024 * 1024;

/** `text:N` -> N characters of `x` (large payloads without storing them in the corpus). */
function generated(name: string): string | undefined {
  const match = GENERATED.exec(name);
  if (!match) return undefined;
  const length = Number(match[1]);
  return length <= MAX_GENERATED_TEXT ? "x".repeat(length) : undefined;
}

/** A filled value and the placeholder names that had no value. */
export interface Filled<T> {
  readonly value: T;
  readonly missing: readonly string[];
}

/**
 * Replace `{{name}}` in every string of `value` (deeply). A string that is exactly one placeholder
 * takes the variable's JSON value (an object stays an object); elsewhere the value is inserted as
 * text. `{{text:N}}` is N characters of `x` (N up to {@link MAX_GENERATED_TEXT}). Unknown names are
 * left in place and reported in `missing`.
 */
export function fillTemplates<T>(
  value: T,
  variables: Readonly<Record<string, unknown>>,
): Filled<T> {
  const missing = new Set<string>();
  const lookup = (name: string): unknown =>
    (Object.hasOwn(variables, name) ? variables[name] : undefined) ?? generated(name);
  const walk = (v: unknown): unknown => {
    if (typeof v === "string") {
      const whole = WHOLE.exec(v);
      if (whole) {
        const found = lookup(whole[1]!);
        if (found === undefined) missing.add(whole[1]!);
        return found ?? v;
      }
      return v.replace(ANY, (text, name: string) => {
        const found = lookup(name);
        if (found === undefined) {
          missing.add(name);
          return text;
        }
        return typeof found === "string" ? found : JSON.stringify(found);
      });
    }
    if (Array.isArray(v)) return v.map(walk);
    if (v !== null && typeof v === "object") {
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
    }
    return v;
  };
  return { value: walk(value) as T, missing: [...missing] };
}
