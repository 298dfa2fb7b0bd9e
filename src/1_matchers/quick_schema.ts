/**
 * @module A JSON Schema check that needs no compiler, for the plain schemas most tools declare
 * (types, properties, required, additionalProperties, items, enum, const, length and range
 * bounds). It says "valid" only where it is sure the engine (ajv) would; anything else, a keyword
 * outside that set included, is left to the engine (tests/1_matchers/quick_schema_test.ts holds it
 * to that on generated schemas and values).
 */

import { deepEqual, isObject } from "./_values.ts";

/** Keywords that never change whether a value is valid. */
const ANNOTATIONS = new Set([
  "$schema",
  "$id",
  "$comment",
  "title",
  "description",
  "default",
  "examples",
  "deprecated",
  "readOnly",
  "writeOnly",
]);

const TYPES = new Set(["string", "number", "integer", "boolean", "null", "object", "array"]);

/**
 * Whether `value` is valid against `schema` for certain without compiling it: true only where
 * the engine would say so too. False means "invalid, or not sure": compile the schema to know.
 */
export function quickAccepts(schema: unknown, value: unknown): boolean {
  if (schema === true) return true;
  if (schema === null || typeof schema !== "object" || Array.isArray(schema)) return false;
  const rules = schema as Record<string, unknown>;
  for (const keyword of Object.keys(rules)) {
    if (!ANNOTATIONS.has(keyword) && !KEYWORDS.has(keyword)) return false;
  }
  for (const keyword of Object.keys(rules)) {
    const check = CHECKS[keyword];
    if (check !== undefined && !check(rules[keyword], value, rules)) return false;
  }
  return true;
}

type Check = (arg: unknown, value: unknown, schema: Record<string, unknown>) => boolean;

const isCount = (v: unknown): v is number => Number.isInteger(v) && (v as number) >= 0;

/** A property name the engine may read through the prototype (`data.constructor`): not sure. */
const inherited = (key: string) => key in Object.prototype;

function hasType(type: string, value: unknown): boolean {
  switch (type) {
    case "string":
      return typeof value === "string";
    case "number":
      return typeof value === "number";
    case "integer":
      return Number.isInteger(value); // (the engine also takes infinities: left to it)
    case "boolean":
      return typeof value === "boolean";
    case "null":
      return value === null;
    case "object":
      return isObject(value);
    case "array":
      return Array.isArray(value);
    default:
      return false;
  }
}

/** A numeric bound: applies to numbers only (a non-number passes, as in JSON Schema; NaN fails). */
function bound(test: (value: number, limit: number) => boolean): Check {
  return (arg, value) => typeof arg === "number" && (typeof value !== "number" || test(value, arg));
}

/** A count bound on strings (code points), arrays or objects. */
function countBound(
  applies: (value: unknown) => number | undefined,
  test: (count: number, limit: number) => boolean,
): Check {
  return (arg, value) => {
    if (!isCount(arg)) return false;
    const count = applies(value);
    return count === undefined || test(count, arg);
  };
}

const codePoints = (v: unknown) => typeof v === "string" ? [...v].length : undefined;
const items = (v: unknown) => Array.isArray(v) ? v.length : undefined;
const keys = (v: unknown) => isObject(v) ? Object.keys(v).length : undefined;

const CHECKS: Readonly<Record<string, Check>> = {
  type(arg, value) {
    if (typeof arg === "string") return TYPES.has(arg) && hasType(arg, value);
    if (!Array.isArray(arg)) return false; // (`[]`: no type matches, the engine decides)
    if (!arg.every((t) => typeof t === "string" && TYPES.has(t))) return false;
    return arg.some((t) => hasType(t as string, value));
  },
  properties(arg, value) {
    if (!isObject(arg)) return false;
    if (Object.keys(arg).some(inherited)) return false;
    if (!isObject(value)) return true;
    for (const [key, sub] of Object.entries(arg)) {
      if (Object.hasOwn(value, key) && !quickAccepts(sub, value[key])) return false;
    }
    return true;
  },
  required(arg, value) {
    // Own keys only: the engine also counts an inherited one (`constructor`) as present.
    if (!Array.isArray(arg) || !arg.every((k) => typeof k === "string")) return false;
    return !isObject(value) || arg.every((k) => Object.hasOwn(value, k));
  },
  additionalProperties(arg, value, schema) {
    if (typeof arg !== "boolean" && !isObject(arg)) return false;
    if (!isObject(value)) return true;
    const declared = isObject(schema.properties) ? schema.properties : {};
    for (const key of Object.keys(value)) {
      if (Object.hasOwn(declared, key)) continue;
      if (!quickAccepts(arg, value[key])) return false; // (false: quickAccepts is never sure)
    }
    return true;
  },
  items(arg, value) {
    // The array form (tuples, before 2020-12) is left to the engine.
    if (typeof arg !== "boolean" && !isObject(arg)) return false;
    return !Array.isArray(value) || value.every((item) => quickAccepts(arg, item));
  },
  enum(arg, value) {
    return Array.isArray(arg) && arg.some((member) => deepEqual(member, value));
  },
  const(arg, value) {
    return deepEqual(arg, value);
  },
  minimum: bound((v, limit) => v >= limit),
  maximum: bound((v, limit) => v <= limit),
  exclusiveMinimum: bound((v, limit) => v > limit),
  exclusiveMaximum: bound((v, limit) => v < limit),
  minLength: countBound(codePoints, (n, limit) => n >= limit),
  maxLength: countBound(codePoints, (n, limit) => n <= limit),
  minItems: countBound(items, (n, limit) => n >= limit),
  maxItems: countBound(items, (n, limit) => n <= limit),
  minProperties: countBound(keys, (n, limit) => n >= limit),
  maxProperties: countBound(keys, (n, limit) => n <= limit),
};

/** The keywords {@link quickAccepts} decides. */
const KEYWORDS = new Set(Object.keys(CHECKS));

/** The `$schema` values a schema {@link surelyCompiles} with: the two dialects the engine compiles. */
const KNOWN_DIALECTS = new Set([
  "https://json-schema.org/draft/2020-12/schema",
  "http://json-schema.org/draft-07/schema#",
  "http://json-schema.org/draft-07/schema",
]);

const isString = (v: unknown) => typeof v === "string";
const isNumber = (v: unknown) => typeof v === "number" && Number.isFinite(v);
const isUniqueList = (v: unknown, item: (x: unknown) => boolean) =>
  Array.isArray(v) && v.every(item) && new Set(v).size === v.length;

/**
 * The form each keyword's argument has in a schema both dialects' meta-schemas accept; `top`: the
 * schema is the root one (`$schema` and `$id` are taken there only).
 */
const FORMS: Readonly<Record<string, (arg: unknown, top: boolean) => boolean>> = {
  $schema: (arg, top) => top && KNOWN_DIALECTS.has(arg as string),
  $id: (arg, top) => top && isString(arg), // (the root `$id` is dropped before compiling)
  $comment: isString,
  title: isString,
  description: isString,
  default: () => true,
  examples: Array.isArray,
  deprecated: (arg) => typeof arg === "boolean",
  readOnly: (arg) => typeof arg === "boolean",
  writeOnly: (arg) => typeof arg === "boolean",
  type: (arg) =>
    typeof arg === "string"
      ? TYPES.has(arg)
      : isUniqueList(arg, (t) => TYPES.has(t as string)) && (arg as unknown[]).length > 0,
  properties: (arg) =>
    isObject(arg) && !Object.keys(arg).some(inherited) &&
    Object.values(arg).every((sub) => surelyCompiles(sub, false)),
  required: (arg) => isUniqueList(arg, isString),
  additionalProperties: (arg) => surelyCompiles(arg, false),
  items: (arg) => surelyCompiles(arg, false), // (the array form is not taken)
  enum: (arg) => Array.isArray(arg) && arg.length > 0,
  const: () => true,
  minimum: isNumber,
  maximum: isNumber,
  exclusiveMinimum: isNumber,
  exclusiveMaximum: isNumber,
  minLength: isCount,
  maxLength: isCount,
  minItems: isCount,
  maxItems: isCount,
  minProperties: isCount,
  maxProperties: isCount,
};

/**
 * Whether the engine surely compiles `schema`: a boolean, or an object of the keywords
 * {@link quickAccepts} decides (and annotations), each argument of the form the meta-schema
 * requires. Such a schema is checked at load without loading the engine, and a value
 * {@link quickAccepts} takes needs none either. False means "not sure": compile it to know
 * (tests/1_matchers/quick_schema_test.ts holds it to the engine on generated schemas).
 */
export function surelyCompiles(schema: unknown, top = true): boolean {
  if (typeof schema === "boolean") return true;
  if (!isObject(schema)) return false;
  for (const keyword of Object.keys(schema)) {
    const form = Object.hasOwn(FORMS, keyword) ? FORMS[keyword] : undefined;
    if (form === undefined || !form(schema[keyword], top)) return false;
  }
  return true;
}
