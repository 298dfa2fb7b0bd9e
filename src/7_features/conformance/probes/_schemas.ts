/** @module Schema helpers for probes: meta-schema validation per dialect and `$ref` scanning. */

import { Ajv } from "ajv";
import { Ajv2020 } from "ajv/dist/2020.js";
import { asRecord } from "./_helpers.ts";

const DRAFT_2020 = /^https?:\/\/json-schema\.org\/draft\/2020-12\/schema#?$/;
const DRAFT_07 = /^https?:\/\/json-schema\.org\/draft-07\/schema#?$/;

let ajv2020: Ajv2020 | undefined;
let ajv07: Ajv | undefined;

/** The verdict on one schema's validity. */
export type SchemaVerdict =
  | { readonly valid: true }
  | { readonly valid: false; readonly reason: string }
  | { readonly valid: "unknown"; readonly reason: string };

/** Validate `schema` against the meta-schema of its declared dialect (2020-12 when none). */
export function checkSchema(schema: unknown): SchemaVerdict {
  if (typeof schema === "boolean") return { valid: true };
  const record = asRecord(schema);
  if (!record) return { valid: false, reason: "is not an object" };
  const declared = record.$schema;
  let validator: Ajv | Ajv2020;
  if (declared === undefined || (typeof declared === "string" && DRAFT_2020.test(declared))) {
    validator = ajv2020 ??= new Ajv2020({ strict: false, validateFormats: false });
  } else if (typeof declared === "string" && DRAFT_07.test(declared)) {
    validator = ajv07 ??= new Ajv({ strict: false, validateFormats: false });
  } else {
    return {
      valid: "unknown",
      reason: `declares a dialect mcptest cannot check: ${String(declared)}`,
    };
  }
  try {
    const ok = validator.validateSchema(record) as boolean;
    if (ok) return { valid: true };
    const first = validator.errors?.[0];
    return {
      valid: false,
      reason: first
        ? `${first.instancePath || "/"} ${first.message ?? "is invalid"}`
        : "is invalid",
    };
  } catch (error) {
    return { valid: "unknown", reason: error instanceof Error ? error.message : String(error) };
  }
}

/** Every `$ref` value found anywhere in `schema`. */
export function refsOf(schema: unknown, found: string[] = [], depth = 0): string[] {
  if (depth > 64) return found;
  if (Array.isArray(schema)) {
    for (const item of schema) refsOf(item, found, depth + 1);
    return found;
  }
  const record = asRecord(schema);
  if (!record) return found;
  for (const [key, value] of Object.entries(record)) {
    if (key === "$ref" && typeof value === "string") found.push(value);
    else refsOf(value, found, depth + 1);
  }
  return found;
}
