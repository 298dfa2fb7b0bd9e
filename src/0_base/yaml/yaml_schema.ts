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
 * The value js-yaml gives a plain (unquoted, untagged) scalar: the first implicit type of the
 * schema that resolves it (null, bool, int, float), else the text itself.
 */
export function resolvePlain(text: string): unknown {
  for (const type of IMPLICIT!) {
    if (type.resolve(text)) return type.construct(text);
  }
  return text;
}
