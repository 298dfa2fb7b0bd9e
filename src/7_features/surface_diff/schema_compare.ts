/**
 * @module Compares two JSON Schemas as an input (what clients send) or an output (what clients read):
 * narrowing breaks inputs, widening breaks outputs, a change it cannot judge breaks both.
 */

import { canonicalJson } from "../../0_base/util/canonical_json.ts";

/** Which way values flow through the schema. */
export type Direction = "input" | "output";

/** One difference between two schemas. */
export interface SchemaFinding {
  /** Where, e.g. `inputSchema.properties.count.type`. */
  readonly path: string;
  /** The rule, e.g. `type_narrowed`, `enum_values_removed`, `required_added`. */
  readonly rule: string;
  /** Whether a client written against the old schema can break against the new one. */
  readonly breaking: boolean;
  /** What changed. */
  readonly message: string;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === "object" && !Array.isArray(v);

/** Keywords that describe and never constrain: their changes are never breaking. */
const ANNOTATIONS = new Set([
  "description",
  "title",
  "examples",
  "default",
  "$comment",
  "deprecated",
  "readOnly",
  "writeOnly",
  "$schema",
  "$id",
]);
/** Lower bounds: raising one narrows. */
const LOWER = ["minimum", "exclusiveMinimum", "minLength", "minItems", "minProperties"];
/** Upper bounds: lowering one narrows. */
const UPPER = ["maximum", "exclusiveMaximum", "maxLength", "maxItems", "maxProperties"];
/** Keywords compared structurally below; anything else that differs is an unjudged change. */
const MODELLED = new Set([
  ...ANNOTATIONS,
  ...LOWER,
  ...UPPER,
  "type",
  "enum",
  "const",
  "properties",
  "required",
  "additionalProperties",
  "items",
]);

type Effect = "narrowed" | "widened" | "changed" | "annotation";

/**
 * Every difference between `before` and `after` at `path`. For an input, a narrowing (a type
 * dropped, number to integer, enum values removed, a property newly required, a bound tightened,
 * extra properties refused) is breaking; for an output, a widening is (a type added, integer to
 * number, enum values added, a property no longer required or removed). Removing an input
 * property and any change of a keyword this does not model (`pattern`, `format`, `anyOf`, `$ref`...)
 * is breaking either way.
 */
export function compareSchemas(
  before: unknown,
  after: unknown,
  path: string,
  direction: Direction,
): SchemaFinding[] {
  const out: SchemaFinding[] = [];
  const add = (where: string, rule: string, effect: Effect, message: string) =>
    out.push({ path: where, rule, breaking: isBreaking(effect, direction), message });
  walk(asSchema(before), asSchema(after), path, direction, add);
  return out;
}

function isBreaking(effect: Effect, direction: Direction): boolean {
  if (effect === "annotation") return false;
  if (effect === "changed") return true;
  return direction === "input" ? effect === "narrowed" : effect === "widened";
}

/** A boolean schema as an object: `true` accepts anything, `false` nothing. */
function asSchema(schema: unknown): Obj {
  if (schema === false) return { not: {} };
  return isObj(schema) ? schema : {};
}

type Add = (where: string, rule: string, effect: Effect, message: string) => void;

function walk(a: Obj, b: Obj, path: string, direction: Direction, add: Add): void {
  compareTypes(a, b, path, add);
  compareEnums(a, b, path, add);
  compareBounds(a, b, path, add);
  compareProperties(a, b, path, direction, add);
  compareAdditional(a, b, path, direction, add);
  if (isObj(a["items"]) && isObj(b["items"])) {
    walk(a["items"], b["items"], `${path}.items`, direction, add);
  } else if (a["items"] !== undefined || b["items"] !== undefined) {
    if (canonicalJson(a["items"]) !== canonicalJson(b["items"])) {
      const effect = a["items"] === undefined
        ? "narrowed"
        : b["items"] === undefined
        ? "widened"
        : "changed";
      add(`${path}.items`, `items_${effect}`, effect, `array items ${effect}`);
    }
  }
  for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
    if (canonicalJson(a[key]) === canonicalJson(b[key])) continue;
    if (ANNOTATIONS.has(key)) {
      const rule = key === "description" || key === "title"
        ? `${key}_changed`
        : "annotation_changed";
      add(`${path}.${key}`, rule, "annotation", `${key} changed`);
    } else if (!MODELLED.has(key)) {
      add(
        `${path}.${key}`,
        "schema_changed",
        "changed",
        `"${key}" changed from ${show(a[key])} to ${
          show(b[key])
        } (not judged: treated as breaking)`,
      );
    }
  }
}

/** The type set of a schema; undefined = any type. */
function typesOf(schema: Obj): string[] | undefined {
  const type = schema["type"];
  if (typeof type === "string") return [type];
  if (Array.isArray(type)) return type.filter((t): t is string => typeof t === "string");
  return undefined;
}

/** Whether a type set accepts every value of type `t` ("number" covers "integer"). */
function covers(set: readonly string[] | undefined, t: string): boolean {
  return set === undefined || set.includes(t) || (t === "integer" && set.includes("number"));
}

function compareTypes(a: Obj, b: Obj, path: string, add: Add): void {
  const before = typesOf(a);
  const after = typesOf(b);
  if (canonicalJson(before?.slice().sort()) === canonicalJson(after?.slice().sort())) return;
  const shown = `${showTypes(before)} -> ${showTypes(after)}`;
  const lost = before === undefined ? after !== undefined : before.some((t) => !covers(after, t));
  const gained = after === undefined ? before !== undefined : after.some((t) => !covers(before, t));
  if (lost) add(`${path}.type`, "type_narrowed", "narrowed", `type narrowed: ${shown}`);
  if (gained) add(`${path}.type`, "type_widened", "widened", `type widened: ${shown}`);
}

function showTypes(types: readonly string[] | undefined): string {
  if (types === undefined) return "any";
  return types.length === 1 ? types[0]! : `[${types.join(", ")}]`;
}

/** The allowed values of a schema (`enum`, or `const` as a one-value enum); undefined = any. */
function valuesOf(schema: Obj): unknown[] | undefined {
  if (Array.isArray(schema["enum"])) return schema["enum"];
  if ("const" in schema) return [schema["const"]];
  return undefined;
}

function compareEnums(a: Obj, b: Obj, path: string, add: Add): void {
  const before = valuesOf(a);
  const after = valuesOf(b);
  if (before === undefined && after === undefined) return;
  const where = `${path}.${"enum" in b || "enum" in a ? "enum" : "const"}`;
  if (before === undefined) {
    add(where, "enum_added", "narrowed", `now restricted to ${show(after)}`);
    return;
  }
  if (after === undefined) {
    add(where, "enum_removed", "widened", `no longer restricted to ${show(before)}`);
    return;
  }
  const keys = (vs: unknown[]) => new Set(vs.map(canonicalJson));
  const beforeKeys = keys(before);
  const afterKeys = keys(after);
  const removed = before.filter((v) => !afterKeys.has(canonicalJson(v)));
  const added = after.filter((v) => !beforeKeys.has(canonicalJson(v)));
  if (removed.length > 0) {
    add(where, "enum_values_removed", "narrowed", `enum values removed: ${show(removed)}`);
  }
  if (added.length > 0) {
    add(where, "enum_values_added", "widened", `enum values added: ${show(added)}`);
  }
}

function compareBounds(a: Obj, b: Obj, path: string, add: Add): void {
  for (const [keys, lower] of [[LOWER, true], [UPPER, false]] as const) {
    for (const key of keys) {
      const x = a[key];
      const y = b[key];
      if (
        x === y || (x !== undefined && typeof x !== "number") ||
        (y !== undefined && typeof y !== "number")
      ) {
        continue; // equal, or not numeric (then the generic keyword check reports it)
      }
      const tighter = x === undefined || (y !== undefined && (lower ? y > x : y < x));
      const effect = tighter ? "narrowed" : "widened";
      add(
        `${path}.${key}`,
        tighter ? "bound_tightened" : "bound_loosened",
        effect,
        `${key} ${x === undefined ? "added" : y === undefined ? "removed" : "changed"}: ${
          show(x)
        } -> ${show(y)}`,
      );
    }
  }
}

function requiredOf(schema: Obj): Set<string> {
  const required = schema["required"];
  return new Set(Array.isArray(required) ? required.filter((r) => typeof r === "string") : []);
}

function compareProperties(a: Obj, b: Obj, path: string, direction: Direction, add: Add): void {
  const before = isObj(a["properties"]) ? a["properties"] : {};
  const after = isObj(b["properties"]) ? b["properties"] : {};
  const reqBefore = requiredOf(a);
  const reqAfter = requiredOf(b);
  const names = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  for (const name of names) {
    const where = `${path}.properties.${name}`;
    const inBefore = name in before;
    const inAfter = name in after;
    if (inBefore && inAfter) {
      walk(asSchema(before[name]), asSchema(after[name]), where, direction, add);
    }
    if (inBefore && !inAfter) {
      if (direction === "input") {
        add(
          where,
          "property_removed",
          "changed",
          `input property "${name}" removed (callers that send it may be refused)`,
        );
      } else {
        add(
          where,
          "property_removed",
          "widened",
          `output property "${name}" removed (clients that read it lose it)`,
        );
      }
      continue;
    }
    if (!inBefore && inAfter) {
      if (reqAfter.has(name)) {
        add(where, "required_added", "narrowed", `new required property "${name}"`);
      } else {
        add(
          where,
          "property_added",
          direction === "input" ? "widened" : "narrowed",
          `new optional property "${name}"`,
        );
      }
      continue;
    }
    if (!reqBefore.has(name) && reqAfter.has(name)) {
      add(where, "required_added", "narrowed", `property "${name}" is now required`);
    } else if (reqBefore.has(name) && !reqAfter.has(name)) {
      add(where, "required_removed", "widened", `property "${name}" is no longer required`);
    }
  }
}

function compareAdditional(a: Obj, b: Obj, path: string, direction: Direction, add: Add): void {
  const x = a["additionalProperties"];
  const y = b["additionalProperties"];
  const where = `${path}.additionalProperties`;
  if (isObj(x) && isObj(y)) return walk(x, y, where, direction, add);
  if (canonicalJson(x) === canonicalJson(y)) return;
  const closedBefore = x === false;
  const closedAfter = y === false;
  if (!closedBefore && closedAfter) {
    add(
      where,
      "additional_properties_refused",
      "narrowed",
      "additional properties no longer allowed",
    );
  } else if (closedBefore && !closedAfter) {
    add(where, "additional_properties_allowed", "widened", "additional properties now allowed");
  } else if (x !== undefined && x !== true || y !== undefined && y !== true) {
    add(
      where,
      "schema_changed",
      "changed",
      `additionalProperties changed from ${show(x)} to ${show(y)}`,
    );
  }
}

function show(value: unknown): string {
  const text = value === undefined ? "none" : JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}
