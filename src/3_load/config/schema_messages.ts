/** @module Turn ajv's validation errors into `what is wrong, what was expected` messages at YAML positions. */

import type { ErrorObject } from "ajv";
import { ConfigError } from "../../0_base/errors/errors.ts";
import { didYouMean } from "../../0_base/util/suggest.ts";
import {
  describePath,
  pathFromPointer,
  type PositionLookup,
} from "../../0_base/yaml/yaml_source.ts";

/** Keys of the expect-item union that the budget branch's schema does not list. */
const ASSERTION_KEYS = ["target", "matcher"];
const BUDGET_KEYS = [
  "max_duration_ms",
  "max_response_tokens",
  "response_headers",
  "response_headers_absent",
];

interface SchemaNode {
  readonly title?: string;
  readonly properties?: Record<string, unknown>;
}

/**
 * Map ajv errors (run with `allErrors` and `verbose`) to positioned config errors, one per problem.
 * @param errors ajv's errors for one document
 * @param positionOf the document's position lookup
 */
export function schemaErrors(
  errors: readonly ErrorObject[],
  positionOf: PositionLookup,
): ConfigError[] {
  const out: ConfigError[] = [];
  const seen = new Set<string>();
  for (const error of errors) {
    const mapped = mapError(error, positionOf);
    if (!mapped) continue;
    const id = mapped.message;
    if (seen.has(id)) continue;
    seen.add(id);
    out.push(mapped);
  }
  return out;
}

/** One ajv error as a positioned message; undefined for one that only echoes others (`if`). */
function mapError(error: ErrorObject, positionOf: PositionLookup): ConfigError | undefined {
  const path = pathFromPointer(error.instancePath);
  const parent = (error.parentSchema ?? {}) as SchemaNode;
  const params = error.params as Record<string, unknown>;
  const label = labelOf(path);
  switch (error.keyword) {
    case "if":
      return undefined;
    case "additionalProperties":
      return unknownKey(String(params.additionalProperty), path, parent, positionOf);
    case "required":
      return missingKey(String(params.missingProperty), path, parent, positionOf);
    case "type":
      return new ConfigError(
        `${label} must be ${expectedTypes(params.type)}, got ${describeValue(error.data)}`,
        positionOf(path),
      );
    case "minimum":
      return new ConfigError(
        `${label} must be at least ${params.limit}, got ${describeValue(error.data)}`,
        positionOf(path),
      );
    case "exclusiveMinimum":
      return new ConfigError(
        `${label} must be greater than ${params.limit}, got ${describeValue(error.data)}`,
        positionOf(path),
      );
    case "minLength":
    case "minItems":
      return new ConfigError(`${label} must not be empty`, positionOf(path));
    case "enum": {
      const allowed = (params.allowedValues as unknown[]).map(String).join(", ");
      return new ConfigError(
        `${label} must be one of: ${allowed}; got ${describeValue(error.data)}`,
        positionOf(path),
      );
    }
    case "const":
      return new ConfigError(
        `${label} must be ${JSON.stringify(params.allowedValue)}, got ${describeValue(error.data)}`,
        positionOf(path),
      );
    case "minProperties":
    case "maxProperties":
      return propertyCount(path, parent, error.data, positionOf);
    default:
      return new ConfigError(
        `${label} is invalid: ${error.message ?? error.keyword}`,
        positionOf(path),
      );
  }
}

/** An `additionalProperties` error: an unknown matcher name, or an unknown key of a mapping. */
function unknownKey(
  key: string,
  path: string[],
  parent: SchemaNode,
  positionOf: PositionLookup,
): ConfigError {
  const allowed = allowedKeys(parent);
  if (parent.title === "matcher") {
    // Worded as the matcher registry words it, where its check points: the matcher of a
    // test, the assertion of a compliance block (as the block parsers position theirs).
    const at = path[0] === "compliance" && path.at(-1) === "matcher" ? path.slice(0, -1) : path;
    return new ConfigError(
      `unknown matcher "${key}", expected one of: ${allowed.join(", ")}${didYouMean(key, allowed)}`,
      positionOf(at),
    );
  }
  const where = path.length === 0 ? "unknown top-level key" : `unknown key`;
  const context = path.length === 0 ? "" : ` in ${contextOf(path, parent)}`;
  return new ConfigError(
    `${where} "${key}"${context}; expected one of: ${allowed.join(", ")}${
      didYouMean(key, allowed)
    }`,
    positionOf([...path, key], "key"),
  );
}

/** A `required` error: the key `missing` is not there (a stdio server's `command` says what else would do). */
function missingKey(
  missing: string,
  path: string[],
  parent: SchemaNode,
  positionOf: PositionLookup,
): ConfigError {
  const pos = positionOf(path);
  if (parent.title === "stdio server" && missing === "command") {
    return new ConfigError(
      `${
        contextOf(path, { title: "server" })
      } needs "command" (a stdio server) or "url" (an http server)`,
      pos,
    );
  }
  return new ConfigError(`${contextOf(path, parent)} is missing required key "${missing}"`, pos);
}

function propertyCount(
  path: string[],
  parent: SchemaNode,
  data: unknown,
  positionOf: PositionLookup,
): ConfigError {
  const keys = data !== null && typeof data === "object" ? Object.keys(data) : [];
  if (parent.title === "matcher") {
    const got = keys.length === 0 ? "an empty mapping" : `${keys.length} keys: ${keys.join(", ")}`;
    return new ConfigError(
      `matcher must have exactly one key, the matcher name (e.g. exact: 5); got ${got}`,
      positionOf(path),
    );
  }
  return new ConfigError(
    `expect item must be an assertion (target, matcher) or a budget (${
      BUDGET_KEYS.join(", ")
    }); got an empty mapping`,
    positionOf(path),
  );
}

function allowedKeys(parent: SchemaNode): string[] {
  const keys = Object.keys(parent.properties ?? {});
  return parent.title === "expect item" ? [...ASSERTION_KEYS, ...keys] : keys;
}

/** `server "local"`, `variable "x"`, `test`, ... for the mapping at `path`. */
function contextOf(path: readonly string[], parent: SchemaNode): string {
  const title = parent.title;
  const last = path.at(-1);
  const container = path.at(-2);
  if (title && last !== undefined && (container === "servers" || container === "variables")) {
    return `${title} "${last}"`;
  }
  if (title) return title;
  return path.length === 0 ? "the file" : `"${describePath(path)}"`;
}

/** The quoted name of the value at `path`, e.g. `"max_duration_ms"` or `"tools[1]"`. */
function labelOf(path: readonly string[]): string {
  if (path.length === 0) return "the file's top level";
  const last = path.at(-1) ?? "";
  const container = path.at(-2);
  if (container === "servers") return `server "${last}"`;
  if (container === "variables") return `variable "${last}"`;
  if (!/^\d+$/.test(last)) return `"${last}"`;
  let i = path.length - 1;
  while (i > 0 && /^\d+$/.test(path[i - 1] ?? "")) i--;
  return `"${describePath(path.slice(Math.max(0, i - 1)))}"`;
}

const TYPE_WORDS: Readonly<Record<string, string>> = {
  string: "a string",
  number: "a number",
  integer: "a whole number",
  boolean: "true or false",
  object: "a mapping",
  array: "a list",
  null: "empty",
};

function expectedTypes(type: unknown): string {
  const types = Array.isArray(type) ? type.map(String) : String(type).split(",");
  const scalar = ["string", "number", "boolean"].every((t) => types.includes(t));
  const words = types
    .filter((t) => !(scalar && ["string", "number", "boolean"].includes(t)))
    .map((t) => TYPE_WORDS[t] ?? t);
  if (scalar) words.unshift("a scalar (string, number or boolean)");
  return words.join(" or ");
}

/** Describe a value for `got ...`: `string "fast"`, `number 5`, `a list`. */
export function describeValue(value: unknown): string {
  if (value === null || value === undefined) return "an empty value";
  if (Array.isArray(value)) return "a list";
  switch (typeof value) {
    case "string": {
      const shown = value.length > 40 ? `${value.slice(0, 37)}...` : value;
      return `string ${JSON.stringify(shown)}`;
    }
    case "number":
    case "boolean":
      return `${typeof value} ${String(value)}`;
    case "object":
      return "a mapping";
    default:
      return typeof value;
  }
}
