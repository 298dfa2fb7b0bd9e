/** @module What identifies a compiled JSON Schema: its dialect and its text, the top-level `$id` dropped (no ajv needed to work it out). */

/** The `$schema` values read as draft-04 to draft-07; any other (or none) is 2020-12. */
const DRAFT_07 = /^https?:\/\/json-schema\.org\/draft-0[4-7]\/schema#?$/;

/** The dialect a schema is compiled in. */
export type SchemaDialect = "draft-07" | "2020-12";

/** The dialect `schema` names with its `$schema` (2020-12 when it names none). */
export function schemaDialect(schema: Record<string, unknown> | boolean): SchemaDialect {
  return typeof schema === "object" && typeof schema.$schema === "string" &&
      DRAFT_07.test(schema.$schema)
    ? "draft-07"
    : "2020-12";
}

/** `schema` without a top-level `$id`, so two matchers with the same `$id` never collide. */
export function withoutId(
  schema: Record<string, unknown> | boolean,
): Record<string, unknown> | boolean {
  if (typeof schema === "boolean" || !("$id" in schema)) return schema;
  const { $id: _ignored, ...rest } = schema;
  return rest;
}

/**
 * The key of a schema's validator: its dialect and the JSON text of the schema without its `$id`.
 * Equal keys compile to the same validator (the same options, the same engine).
 *
 * @example
 * ```ts
 * import { schemaKey } from "./schema_key.ts";
 * schemaKey({ $id: "urn:a", type: "string" }); // '2020-12 {"type":"string"}'
 * ```
 */
export function schemaKey(schema: Record<string, unknown> | boolean): string {
  return `${schemaDialect(schema)} ${JSON.stringify(withoutId(schema))}`;
}
