/** @module The YAML schema both fast paths read with: YAML 1.2 core plus `<<` merge keys, and js-yaml's own resolution of a plain scalar. */

// @ts-types="@types/js-yaml"
import { CORE_SCHEMA, Type } from "js-yaml";

/** YAML 1.2 core, plus `<<` merge keys (as the careful parser reads them: `merge: true`). */
export const SCHEMA = CORE_SCHEMA.extend({
  implicit: [
    new Type("tag:yaml.org,2002:merge", {
      kind: "scalar",
      resolve: (data: unknown) => data === "<<" || data === null,
    }),
  ],
});

interface ImplicitType {
  resolve(data: string): boolean;
  construct(data: string): unknown;
}

/** The schema's implicit types in js-yaml's own order (what it tries on every plain scalar). */
const IMPLICIT: readonly ImplicitType[] | undefined =
  (SCHEMA as unknown as { compiledImplicit?: ImplicitType[] }).compiledImplicit;

/** Whether {@link resolvePlain} can answer (js-yaml exposes the types it resolves with). */
export const CAN_RESOLVE_PLAIN = Array.isArray(IMPLICIT) && IMPLICIT.length > 0;

/**
 * Whether a plain scalar starting with character code `c` may resolve to something other than a
 * string: `~` and `null`, `true`/`false` in three cases, a number (a sign, a digit, `.5`, `.inf`,
 * `.nan`). (The merge key `<<` resolves to its own text.)
 */
function mayResolve(c: number): boolean {
  switch (c) {
    case 0x7e: // ~
    case 0x6e: // n
    case 0x4e: // N
    case 0x74: // t
    case 0x54: // T
    case 0x66: // f
    case 0x46: // F
    case 0x2b: // +
    case 0x2d: // -
    case 0x2e: // .
      return true;
    default:
      return c >= 0x30 && c <= 0x39; // a digit
  }
}

/**
 * The value js-yaml gives a plain (unquoted, untagged) scalar: the first implicit type of the
 * schema that resolves it (null, bool, int, float), else the text itself. A text no type can
 * resolve (its first character rules them all out) is not offered to them.
 */
export function resolvePlain(text: string): unknown {
  if (!mayResolve(text.charCodeAt(0))) return text; // ("" has no first character: itself)
  return resolveAny(text);
}

/** {@link resolvePlain} without the first-character shortcut: every implicit type is asked. */
export function resolveAny(text: string): unknown {
  for (const type of IMPLICIT!) {
    if (type.resolve(text)) return type.construct(text);
  }
  return text;
}
