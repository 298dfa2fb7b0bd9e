/** @module Validate a parsed test file against schemas/v1.json (compiled once) and report positioned errors. */

import type { ValidateFunction } from "ajv";
import schema from "../../../schemas/v1.json" with { type: "json" };
import generated from "./_generated/schema_validator.js";
import type { ConfigError } from "../../0_base/errors/errors.ts";
import { schemaErrors } from "./schema_messages.ts";
import { pathFromPointer, type YamlSource } from "../../0_base/yaml/yaml_source.ts";

/** The validator of schemas/v1.json, generated ahead of time (`deno task schema:build`). */
function validator(): ValidateFunction {
  return generated as unknown as ValidateFunction;
}

/** The test-file JSON Schema (schemas/v1.json), for tools that want it as a value. */
export const TEST_FILE_SCHEMA: Readonly<Record<string, unknown>> = schema;

/**
 * Validate a parsed file against the test-file schema.
 * @returns every problem found, sorted by position (empty when the file is valid)
 */
export function validateDocument(source: YamlSource): ConfigError[] {
  return checkDocument(source).errors;
}

/**
 * Validate a parsed file and say where it is invalid.
 * @returns the errors (sorted by position) and the path of every invalid node: the node an error
 *   is about, or for an unknown key the key itself (the conditional `if` errors, which always come
 *   with a deeper one, are left out)
 */
export function checkDocument(
  source: YamlSource,
): { errors: ConfigError[]; invalid: string[][] } {
  const validate = validator();
  if (validate(source.value)) return { errors: [], invalid: [] };
  const raw = validate.errors ?? [];
  const errors = schemaErrors(raw, source.positionOf).sort((a, b) =>
    (a.pos?.line ?? 0) - (b.pos?.line ?? 0) || (a.pos?.col ?? 0) - (b.pos?.col ?? 0)
  );
  const invalid = raw.filter((e) => e.keyword !== "if").map((e) => {
    const path = pathFromPointer(e.instancePath);
    const key = (e.params as { additionalProperty?: unknown }).additionalProperty;
    return e.keyword === "additionalProperties" && key !== undefined
      ? [...path, String(key)]
      : path;
  });
  return { errors, invalid };
}
