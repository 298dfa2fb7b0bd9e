/** @module `{{name}}` placeholders in probes and expectations: filled from setup picks and run variables. */

const WHOLE = /^\{\{(\w+)\}\}$/;
const ANY = /\{\{(\w+)\}\}/g;

/** A filled value and the placeholder names that had no value. */
export interface Filled<T> {
  readonly value: T;
  readonly missing: readonly string[];
}

/**
 * Replace `{{name}}` in every string of `value` (deeply). A string that is exactly one placeholder
 * takes the variable's JSON value (an object stays an object); elsewhere the value is inserted as
 * text. Unknown names are left in place and reported in `missing`.
 */
export function fillTemplates<T>(value: T, vars: Readonly<Record<string, unknown>>): Filled<T> {
  const missing = new Set<string>();
  const walk = (v: unknown): unknown => {
    if (typeof v === "string") {
      const whole = WHOLE.exec(v);
      if (whole) {
        if (vars[whole[1]!] === undefined) missing.add(whole[1]!);
        return vars[whole[1]!] ?? v;
      }
      return v.replace(ANY, (text, name: string) => {
        const found = vars[name];
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

/** Whether `value` contains any `{{name}}` placeholder. */
export function hasTemplates(value: unknown): boolean {
  return JSON.stringify(value ?? null).includes("{{");
}
