/** @module The case generator of a target: valid, boundary and invalid arguments (wrong types, missing required, extra properties, deep nesting, huge strings), and URI-template variables. */

import fc from "fast-check";
import { objectShape, ODD_STRINGS, type Schema, schemaValue } from "./schema_values.ts";
import type { FuzzCase } from "./types.ts";

type Args = Record<string, unknown>;

/** Values of every JSON type: a wrong type for any property. */
const WRONG_TYPES: readonly unknown[] = [123, "x", true, null, [], {}, 1.5, -1, [1, "a"], {
  a: 1,
}];

/** An array nested `depth` deep around a 1: `[[[1]]]`. */
export function nested(depth: number): unknown {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = [value];
  return value;
}

/** The key an extra property gets (never ends with `_Env`: the suite format reads those as secrets). */
export const EXTRA_KEY = "fuzz_extra";

/** Set `key` of a copy of `args` to `value`. */
function withKey(args: Args, key: string, value: unknown): Args {
  return { ...args, [key]: value };
}

/** The mutations that make arguments invalid (or odd) for an object schema. */
function mutations(
  valid: fc.Arbitrary<Args>,
  schema: Readonly<Record<string, unknown>>,
  stringsOnly: boolean,
) {
  const { properties, required } = objectShape(schema);
  const keys = Object.keys(properties);
  const pick = <T>(list: readonly T[], i: number) => list[i % list.length]!;
  const out: fc.Arbitrary<FuzzCase>[] = [
    fc.tuple(valid, stringsOnly ? fc.string() : fc.jsonValue({ maxDepth: 1 })).map(([args, v]) => ({
      input: withKey(args, EXTRA_KEY, v),
      strategy: "extra_property",
    })),
  ];
  if (required.length > 0) {
    out.push(
      fc.tuple(valid, fc.nat()).map(([args, i]) => {
        const copy = { ...args };
        delete copy[pick(required, i)];
        return { input: copy, strategy: "missing_required" };
      }),
    );
  }
  if (keys.length > 0 && !stringsOnly) {
    out.push(
      fc.tuple(valid, fc.nat(), fc.constantFrom(...WRONG_TYPES)).map(([args, i, v]) => ({
        input: withKey(args, pick(keys, i), v),
        strategy: "wrong_type",
      })),
      fc.tuple(valid, fc.nat(), fc.integer({ min: 1, max: 1_000 })).map(([args, i, depth]) => ({
        input: withKey(args, pick(keys, i), nested(depth)),
        strategy: "deep_nesting",
      })),
    );
  }
  if (keys.length > 0) {
    out.push(
      fc.tuple(valid, fc.nat(), fc.integer({ min: 1_000, max: 200_000 })).map((
        [args, i, n],
      ) => ({ input: withKey(args, pick(keys, i), "A".repeat(n)), strategy: "huge_string" })),
      fc.tuple(valid, fc.nat(), fc.constantFrom(...ODD_STRINGS)).map(([args, i, s]) => ({
        input: withKey(args, pick(keys, i), s),
        strategy: "odd_string",
      })),
    );
  }
  return out;
}

/**
 * The cases of an object schema (a tool's inputSchema, or a prompt's arguments as one): about
 * four in ten valid, two in ten boundary values, four in ten mutated into invalid or odd input.
 * With `stringsOnly` (prompt arguments, strings on the wire) every value stays a string: no
 * wrong types, no nesting.
 */
export function argumentCases(schema: Schema, stringsOnly = false): fc.Arbitrary<FuzzCase> {
  const s = typeof schema === "object" ? schema : {};
  const ctx = { root: schema, depth: 0 };
  const objectOf = (a: fc.Arbitrary<unknown>) =>
    a.map((v) => (v !== null && typeof v === "object" && !Array.isArray(v) ? v as Args : {}));
  const valid = objectOf(schemaValue({ ...s, type: "object" }, ctx));
  const boundary = objectOf(schemaValue({ ...s, type: "object" }, ctx, true));
  return fc.oneof(
    { weight: 4, arbitrary: valid.map((input) => ({ input, strategy: "valid" })) },
    { weight: 2, arbitrary: boundary.map((input) => ({ input, strategy: "boundary" })) },
    { weight: 4, arbitrary: fc.oneof(...mutations(valid, s, stringsOnly)) },
  );
}

/** The variables of a URI template (RFC 6570): `{id}`, `{+path}`, `{?q,lang}` ... */
export function templateVariables(template: string): string[] {
  const names: string[] = [];
  for (const match of template.matchAll(/\{([+#./;?&]?)([^}]*)\}/g)) {
    for (const part of match[2]!.split(",")) {
      const name = part.replace(/[*]$|:\d+$/, "").trim();
      if (name !== "" && !names.includes(name)) names.push(name);
    }
  }
  return names;
}

/** Expand a URI template with string values (level 1-3 operators; reserved ones kept for `+` and `#`). */
export function expandTemplate(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(/\{([+#./;?&]?)([^}]*)\}/g, (_all, op: string, list: string) => {
    const names = list.split(",").map((p) => p.replace(/[*]$|:\d+$/, "").trim());
    const enc = (v: string) => {
      const whole = v.toWellFormed(); // a lone surrogate has no UTF-8 form
      return op === "+" || op === "#" ? encodeURI(whole) : encodeURIComponent(whole);
    };
    const parts = names.map((n) => {
      const v = enc(values[n] ?? "");
      return op === "?" || op === "&" || op === ";" ? `${n}=${v}` : v;
    });
    const sep = op === "" || op === "+" || op === "#" ? "," : op === "?" ? "&" : op;
    const first = op === "" || op === "+" ? "" : op;
    return first + parts.join(sep);
  });
}

/** The cases of a resource template: a value per variable (plain, numbers, odd strings), expanded. */
export function templateCases(template: string): fc.Arbitrary<FuzzCase> {
  const names = templateVariables(template);
  const value = fc.oneof(
    { weight: 3, arbitrary: fc.string({ minLength: 1, maxLength: 12 }) },
    { weight: 2, arbitrary: fc.integer({ min: -5, max: 100_000 }).map(String) },
    { weight: 3, arbitrary: fc.constantFrom(...ODD_STRINGS) },
  );
  const record: Record<string, fc.Arbitrary<string>> = {};
  for (const name of names) record[name] = value;
  return fc.record(record).map((values) => ({
    input: expandTemplate(template, values),
    strategy: "uri_variables",
  }));
}
