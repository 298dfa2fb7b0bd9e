/** @module Schema helpers for probes: meta-schema validation per dialect and `$ref` scanning. */

import generated2020 from "./_generated/meta_2020_12.js";
import generated07 from "./_generated/meta_draft_07.js";
import { asRecord } from "./_helpers.ts";

const DRAFT_2020 = /^https?:\/\/json-schema\.org\/draft\/2020-12\/schema#?$/;
const DRAFT_07 = /^https?:\/\/json-schema\.org\/draft-07\/schema#?$/;

/** The meta-schema ids the validators are registered under (ajv's keys, `#` stripped). */
const ID_2020 = "https://json-schema.org/draft/2020-12/schema";
const ID_07 = "http://json-schema.org/draft-07/schema";

/** A meta-schema validator ajv generated ahead of time (strict: false, validateFormats: false). */
interface MetaValidator {
  (data: unknown): boolean;
  errors?: readonly { readonly instancePath: string; readonly message?: string }[] | null;
}

const validate2020 = generated2020 as unknown as MetaValidator;
const validate07 = generated07 as unknown as MetaValidator;

/** The verdict on one schema's validity. */
export type SchemaVerdict =
  | { readonly valid: true }
  | { readonly valid: false; readonly reason: string }
  | { readonly valid: "unknown"; readonly reason: string };

/**
 * Validate `schema` against the meta-schema of its declared dialect (2020-12 when none), with the
 * validators ajv generated ahead of time (tools/build_meta_validators.ts): the verdict and the reason
 * are ajv's `validateSchema` ones, with no meta-schema compiled at run time. A `$schema` that
 * names a dialect under another scheme is one ajv has no key for (its error, verbatim).
 */
export function checkSchema(schema: unknown): SchemaVerdict {
  if (typeof schema === "boolean") return { valid: true };
  const record = asRecord(schema);
  if (!record) return { valid: false, reason: "is not an object" };
  const declared = record.$schema;
  let validator: MetaValidator;
  if (declared === undefined || (typeof declared === "string" && DRAFT_2020.test(declared))) {
    validator = validate2020;
  } else if (typeof declared === "string" && DRAFT_07.test(declared)) {
    validator = validate07;
  } else {
    return {
      valid: "unknown",
      reason: `declares a dialect mcptest cannot check: ${String(declared)}`,
    };
  }
  if (declared !== undefined && ![ID_2020, ID_07].includes(declared.replace(/#$/, ""))) {
    return { valid: "unknown", reason: `no schema with key or ref "${declared}"` };
  }
  try {
    if (validator(record)) return { valid: true };
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
