/** @module fast-check arbitraries of damaged input files: a valid document mutated (a key deleted, a value replaced, the text cut or spliced, deep nesting), for loader fuzz tests. */

import fc from "fast-check";

type Json = unknown;

/** Every path (list of keys/indexes) of objects and arrays inside `value`, the root included. */
function containers(value: Json, path: (string | number)[] = [], out: (string | number)[][] = []) {
  if (value !== null && typeof value === "object") {
    out.push(path);
    for (const [k, v] of Object.entries(value)) {
      containers(v, [...path, Array.isArray(value) ? Number(k) : k], out);
    }
  }
  return out;
}

function at(root: Json, path: (string | number)[]): Record<string, Json> {
  let v = root as Record<string, Json>;
  for (const k of path) v = v[k as string] as Record<string, Json>;
  return v;
}

/** Text mutants of the JSON document `good` (its text): each a plausible way a file is damaged. */
export function damagedJson(good: string): fc.Arbitrary<string> {
  const doc = JSON.parse(good) as Json;
  const spots = containers(doc);
  const structural = fc.tuple(fc.nat(spots.length - 1), fc.nat(), fc.jsonValue(), fc.boolean())
    .map(([s, k, replacement, remove]) => {
      const copy = structuredClone(doc);
      const target = at(copy, spots[s]!);
      const keys = Object.keys(target);
      if (keys.length === 0) return JSON.stringify(replacement);
      const key = keys[k % keys.length]!;
      if (remove) {
        if (Array.isArray(target)) target.splice(Number(key), 1);
        else delete target[key];
      } else target[key] = replacement;
      return JSON.stringify(copy);
    });
  const textual = fc.tuple(fc.nat(good.length), fc.nat(good.length), fc.string()).map((
    [a, b, s],
  ) => good.slice(0, Math.min(a, b)) + s + good.slice(Math.max(a, b)));
  const deep = fc.integer({ min: 1_000, max: 50_000 }).map((n) => "[".repeat(n) + "]".repeat(n));
  const wrongTop = fc.constantFrom("", "null", "[]", "{}", "0", '"x"', "[{}]", "{", "\u0000");
  return fc.oneof(
    { arbitrary: structural, weight: 6 },
    { arbitrary: textual, weight: 2 },
    { arbitrary: deep, weight: 1 },
    { arbitrary: wrongTop, weight: 1 },
    { arbitrary: fc.json(), weight: 1 },
  );
}
