/** @module Validate a parsed test file against schemas/v1.json (compiled once) and report positioned errors. */

import { Ajv2020 } from "ajv/dist/2020.js";
import type { ValidateFunction } from "ajv";
import schema from "../../schemas/v1.json" with { type: "json" };
import type { ConfigError } from "../errors/errors.ts";
import { schemaErrors } from "./schema_messages.ts";
import type { YamlSource } from "./yaml_source.ts";

let compiled: ValidateFunction | undefined;

function validator(): ValidateFunction {
  if (!compiled) {
    const ajv = new Ajv2020({
      allErrors: true,
      verbose: true,
      strict: true,
      strictRequired: false,
      strictTypes: false,
    });
    compiled = ajv.compile(schema);
  }
  return compiled;
}

/** The test-file JSON Schema (schemas/v1.json), for tools that want it as a value. */
export const TEST_FILE_SCHEMA: Readonly<Record<string, unknown>> = schema;

/**
 * Validate a parsed file against the test-file schema.
 * @returns every problem found, sorted by position (empty when the file is valid)
 */
export function validateDocument(source: YamlSource): ConfigError[] {
  const validate = validator();
  if (validate(source.value)) return [];
  const errors = schemaErrors(validate.errors ?? [], source.positionOf);
  return errors.sort((a, b) =>
    (a.pos?.line ?? 0) - (b.pos?.line ?? 0) || (a.pos?.col ?? 0) - (b.pos?.col ?? 0)
  );
}
