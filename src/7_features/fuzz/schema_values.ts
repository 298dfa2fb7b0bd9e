/** @module JSON Schema -> fast-check arbitraries of values: valid ones, and boundary ones (limits, empty, huge, odd unicode). */

import fc from "fast-check";

/** A JSON Schema (an object, or `true` / `false`). */
export type Schema = Readonly<Record<string, unknown>> | boolean;

/** How deep nested schemas are followed (a recursive `$ref` stops here). */
const MAX_DEPTH = 5;

/** Strings that break parsers, loggers and path handling; the first is what shrinking prefers. */
export const ODD_STRINGS: readonly string[] = [
  "",
  " ",
  "\u0000",
  "\n",
  "0",
  "-1",
  "null",
  "\u00e9",
  "\u{1F4A5}",
  "\u202e",
  "\ud800",
  "../../../../etc/passwd",
  "%s%n%x",
  "' OR '1'='1",
  "<script>",
  "\\",
  '"',
  "\u0130stanbul",
  "A".repeat(10_000),
  "\u00e9".repeat(5_000),
];

/** Where a walk is: the root (for `$ref`) and the depth. */
export interface WalkContext {
  readonly root: Schema;
  readonly depth: number;
}

const isObj = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === "object" && !Array.isArray(v);

/** Follow a local `$ref` (`#/$defs/x`, `#/definitions/x`); undefined when it cannot be followed. */
export function resolveRef(schema: Schema, root: Schema): Schema | undefined {
  if (!isObj(schema) || typeof schema["$ref"] !== "string") return schema;
  const ref = schema["$ref"];
  if (!ref.startsWith("#")) return undefined;
  let node: unknown = root;
  for (const raw of ref.slice(1).split("/").filter((p) => p !== "")) {
    const part = decodeURIComponent(raw).replace(/~1/g, "/").replace(/~0/g, "~");
    node = isObj(node) ? node[part] : undefined;
  }
  return isObj(node) || typeof node === "boolean" ? node : undefined;
}

/** The JSON types a schema allows (from `type`, else from its keywords; `any` when nothing says). */
export function typesOf(schema: Readonly<Record<string, unknown>>): string[] {
  const type = schema["type"];
  if (typeof type === "string") return [type];
  if (Array.isArray(type)) return type.filter((t): t is string => typeof t === "string");
  if ("properties" in schema || "required" in schema || "additionalProperties" in schema) {
    return ["object"];
  }
  if ("items" in schema || "prefixItems" in schema) return ["array"];
  if ("minLength" in schema || "maxLength" in schema || "pattern" in schema) return ["string"];
  if ("minimum" in schema || "maximum" in schema || "multipleOf" in schema) return ["number"];
  return ["any"];
}

const num = (v: unknown): number | undefined => typeof v === "number" ? v : undefined;

function stringArb(s: Readonly<Record<string, unknown>>, boundary: boolean): fc.Arbitrary<string> {
  const min = Math.max(0, num(s["minLength"]) ?? 0);
  const max = num(s["maxLength"]);
  if (boundary) {
    const limits = [
      min,
      max,
      max === undefined ? undefined : max + 1,
      min > 0 ? min - 1 : undefined,
    ]
      .filter((n): n is number => n !== undefined && n <= 100_000)
      .map((n) => "a".repeat(n));
    return fc.constantFrom(...ODD_STRINGS, ...limits);
  }
  if (typeof s["pattern"] === "string") {
    try {
      return fc.stringMatching(new RegExp(s["pattern"]));
    } catch { /* an unreadable pattern: plain strings (the validator judges) */ }
  }
  switch (s["format"]) {
    case "uri":
    case "url":
      return fc.webUrl();
    case "email":
      return fc.emailAddress();
    case "uuid":
      return fc.uuid();
    case "date-time":
      return fc.date({ min: new Date(0), max: new Date(4102444800000), noInvalidDate: true })
        .map((d) => d.toISOString());
    case "date":
      return fc.date({ min: new Date(0), max: new Date(4102444800000), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10));
  }
  return fc.string({
    minLength: min,
    maxLength: Math.max(min, Math.min(max ?? min + 16, min + 64)),
  });
}

function numberArb(
  s: Readonly<Record<string, unknown>>,
  integer: boolean,
  boundary: boolean,
): fc.Arbitrary<number> {
  const lo = num(s["minimum"]) ?? num(s["exclusiveMinimum"]);
  const hi = num(s["maximum"]) ?? num(s["exclusiveMaximum"]);
  if (boundary) {
    const picks = [
      lo,
      hi,
      lo === undefined ? undefined : lo - 1,
      hi === undefined ? undefined : hi + 1,
    ]
      .filter((n): n is number => n !== undefined && Number.isFinite(n));
    return fc.constantFrom(
      0,
      -1,
      1,
      ...picks,
      Number.MAX_SAFE_INTEGER,
      -Number.MAX_SAFE_INTEGER,
      0.5,
      1e308,
    );
  }
  if (integer) {
    const min = Math.max(Math.ceil(lo ?? -1_000_000), Number.MIN_SAFE_INTEGER);
    const max = Math.min(Math.floor(hi ?? 1_000_000), Number.MAX_SAFE_INTEGER);
    return min <= max ? fc.integer({ min, max }) : fc.constant(min);
  }
  return fc.double({
    ...(lo === undefined ? { min: -1e6 } : { min: lo }),
    ...(hi === undefined ? { max: 1e6 } : { max: hi }),
    noNaN: true,
    noDefaultInfinity: true,
  });
}

function arrayArb(
  s: Readonly<Record<string, unknown>>,
  ctx: WalkContext,
  boundary: boolean,
): fc.Arbitrary<unknown[]> {
  const items =
    (isObj(s["items"]) || typeof s["items"] === "boolean" ? s["items"] : true) as Schema;
  const min = Math.max(0, num(s["minItems"]) ?? 0);
  const max = Math.max(min, Math.min(num(s["maxItems"]) ?? min + 3, min + 3));
  const item = schemaValue(items, { ...ctx, depth: ctx.depth + 1 }, boundary);
  if (boundary) {
    return fc.oneof(
      fc.constant([] as unknown[]),
      fc.array(item, { minLength: min, maxLength: max }),
    );
  }
  return fc.array(item, { minLength: min, maxLength: max });
}

/** Property schemas and required names of an object schema. */
export function objectShape(s: Readonly<Record<string, unknown>>): {
  properties: Record<string, Schema>;
  required: string[];
} {
  const properties = (isObj(s["properties"]) ? s["properties"] : {}) as Record<string, Schema>;
  const required = Array.isArray(s["required"])
    ? s["required"].filter((r): r is string => typeof r === "string")
    : [];
  return { properties, required };
}

function objectArb(
  s: Readonly<Record<string, unknown>>,
  ctx: WalkContext,
  boundary: boolean,
): fc.Arbitrary<Record<string, unknown>> {
  const { properties, required } = objectShape(s);
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, sub] of Object.entries(properties)) {
    model[key] = schemaValue(sub, { ...ctx, depth: ctx.depth + 1 }, boundary);
  }
  for (const key of required) model[key] ??= fc.jsonValue({ maxDepth: 1 });
  const requiredKeys = required.filter((k) => k in model);
  return fc.record(model, { requiredKeys }) as fc.Arbitrary<Record<string, unknown>>;
}

/** One arbitrary for each JSON type. */
function typeArb(
  type: string,
  s: Readonly<Record<string, unknown>>,
  ctx: WalkContext,
  boundary: boolean,
): fc.Arbitrary<unknown> {
  switch (type) {
    case "string":
      return stringArb(s, boundary);
    case "integer":
      return numberArb(s, true, boundary);
    case "number":
      return numberArb(s, false, boundary);
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "array":
      return arrayArb(s, ctx, boundary);
    case "object":
      return objectArb(s, ctx, boundary);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/**
 * Values for `schema`: valid ones (types, enums, bounds, patterns, formats, required keys), or
 * with `boundary` the limits and odd values (empty, limit +- 1, huge, unicode) at every leaf. A
 * validator decides afterwards which of them are valid.
 */
export function schemaValue(
  schema: Schema,
  ctx: WalkContext,
  boundary = false,
): fc.Arbitrary<unknown> {
  const resolved = resolveRef(schema, ctx.root);
  if (resolved === undefined || resolved === true || ctx.depth > MAX_DEPTH) {
    return fc.jsonValue({ maxDepth: 1 });
  }
  if (resolved === false) return fc.constant(null);
  const s = resolved;
  if ("const" in s) return fc.constant(s["const"]);
  if (Array.isArray(s["enum"]) && s["enum"].length > 0) return fc.constantFrom(...s["enum"]);
  for (const key of ["oneOf", "anyOf"]) {
    const options = s[key];
    if (Array.isArray(options) && options.length > 0) {
      return fc.oneof(
        ...options.map((o) => schemaValue(o as Schema, { ...ctx, depth: ctx.depth + 1 }, boundary)),
      );
    }
  }
  if (Array.isArray(s["allOf"]) && s["allOf"].length > 0) {
    return schemaValue(mergeAllOf(s), ctx, boundary);
  }
  const types = typesOf(s);
  return fc.oneof(...types.map((t) => typeArb(t, s, ctx, boundary)));
}

/** A shallow merge of `allOf` members into one schema (properties and required united). */
function mergeAllOf(s: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...s };
  delete merged["allOf"];
  const properties: Record<string, unknown> = {
    ...(isObj(s["properties"]) ? s["properties"] : {}),
  };
  const required = new Set(objectShape(s).required);
  for (const part of s["allOf"] as unknown[]) {
    if (!isObj(part)) continue;
    Object.assign(merged, part, { properties });
    Object.assign(properties, isObj(part["properties"]) ? part["properties"] : {});
    for (const r of objectShape(part).required) required.add(r);
  }
  merged["properties"] = properties;
  merged["required"] = [...required];
  return merged;
}
