/**
 * @module Example values from a JSON Schema: the smallest value the schema accepts, as far as it
 * says. `mcptest init` builds placeholder tool arguments with it, and the client fills an
 * elicitation's requested schema with it (`fill_from_schema:`).
 */

import { setOwn } from "./set_own.ts";

type Schema = Readonly<Record<string, unknown>>;

const STRING_FORMATS: Readonly<Record<string, string>> = {
  uri: "https://example.com",
  url: "https://example.com",
  email: "user@example.com",
  "date-time": "2025-01-01T00:00:00Z",
  date: "2025-01-01",
  time: "00:00:00Z",
  uuid: "00000000-0000-4000-8000-000000000000",
};

/** Which properties of an object schema {@link objectExample} fills. */
export interface ObjectExampleOptions {
  /** Also the optional properties that have a `default` (as a form pre-fills them). */
  readonly withDefaults?: boolean;
}

/**
 * An example of a value of `schema`: its `default`, first `examples`/`enum` entry or `const`,
 * else by type (a string `"example"` or one of its `format`, within `minLength`/`maxLength`; a
 * number 0 or the bound nearest to it; `false`; a list of `minItems` examples; an object of its
 * required properties). Nested past 8 levels: null.
 */
export function exampleFor(schema: unknown, depth = 0): unknown {
  if (schema === null || typeof schema !== "object" || depth > 8) return null;
  const s = schema as Schema;
  if (s.default !== undefined) return s.default;
  if (Array.isArray(s.examples) && s.examples.length > 0) return s.examples[0];
  if (s.const !== undefined) return s.const;
  if (Array.isArray(s.enum) && s.enum.length > 0) return s.enum[0];
  for (const key of ["anyOf", "oneOf", "allOf"]) {
    const options = s[key];
    if (Array.isArray(options)) {
      const first = options.find((o) => (o as Schema)?.type !== "null") ?? options[0];
      return exampleFor(first, depth + 1);
    }
  }
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== "null") : s.type;
  switch (type) {
    case "string":
      return stringExample(s);
    case "integer":
    case "number":
      return numberExample(s, type);
    case "boolean":
      return false;
    case "null":
      return null;
    case "array": {
      const count = typeof s.minItems === "number" ? Math.min(s.minItems, 3) : 0;
      return Array.from({ length: count }, () => exampleFor(s.items, depth + 1));
    }
    case "object":
    default:
      return objectExample(s, {}, depth);
  }
}

/**
 * The required properties of an object schema, each with its example (with `withDefaults`, also
 * every optional property that has a `default`, in the schema's order).
 */
export function objectExample(
  schema: unknown,
  options: ObjectExampleOptions = {},
  depth = 0,
): Record<string, unknown> {
  const s = (schema ?? {}) as Schema;
  const properties = (s.properties ?? {}) as Record<string, unknown>;
  const required = new Set(Array.isArray(s.required) ? s.required.map(String) : []);
  const names = options.withDefaults
    ? Object.keys(properties).filter((name) =>
      required.has(name) || (properties[name] as Schema | null)?.default !== undefined
    )
    : [];
  for (const name of required) if (!names.includes(name)) names.push(name);
  const out: Record<string, unknown> = {};
  for (const name of names) {
    setOwn(out, name, exampleFor(properties[name], depth + 1));
  }
  return out;
}

function stringExample(s: Schema): string {
  const base = typeof s.format === "string" ? STRING_FORMATS[s.format] ?? "example" : "example";
  const min = typeof s.minLength === "number" ? s.minLength : 0;
  const max = typeof s.maxLength === "number" ? s.maxLength : Infinity;
  const padded = base.length >= min ? base : base.padEnd(min, "x");
  return padded.length > max ? padded.slice(0, Math.max(max, min)) : padded;
}

function numberExample(s: Schema, type: "integer" | "number"): number {
  // 0 when the range allows it, else the nearest bound.
  let n = 0;
  if (typeof s.minimum === "number" && s.minimum > n) n = s.minimum;
  if (typeof s.exclusiveMinimum === "number" && s.exclusiveMinimum >= n) {
    n = s.exclusiveMinimum + 1;
  }
  if (typeof s.maximum === "number" && n > s.maximum) n = s.maximum;
  if (typeof s.exclusiveMaximum === "number" && n >= s.exclusiveMaximum) {
    n = s.exclusiveMaximum - 1;
  }
  return type === "integer" ? Math.ceil(n) : n;
}
