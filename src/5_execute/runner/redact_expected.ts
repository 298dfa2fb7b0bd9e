/** @module The expected side of an assertion, redacted the way a cassette redacts a server's response: every matcher argument that is compared with response data, per matcher kind. */

import type { MatcherSpec } from "../../1_matchers/types.ts";
import { KEY_VOCABULARY } from "../../0_base/redaction/key_vocabulary.ts";
import { redactJson, type Redactor } from "../../0_base/redaction/redactor.ts";

type Redact = (arg: unknown, redactor: Redactor) => unknown;

/** A value compared as data (`exact`, `contains`, `subset`, a schema's `const`): keys too. */
const asData: Redact = (arg, redactor) => redactJson(arg, redactor, () => undefined, () => true);

/** A string compared as text (`icontains`, `starts-with`); a list of them (`contains-all`). */
const asText: Redact = (arg, redactor) => {
  if (typeof arg === "string") return redactor.text(arg);
  return Array.isArray(arg) ? arg.map((item) => asText(item, redactor)) : arg;
};

/** A regular expression: each secret becomes the mark escaped, so it matches the mark literally. */
const asPattern: Redact = (arg, redactor) =>
  typeof arg === "string" ? redactor.textAs(arg, escapePattern(redactor.mark)) : arg;

/** The argument kinds each matcher compares with the response; a matcher not listed keeps its own. */
const BY_MATCHER: Readonly<Record<string, Redact>> = {
  exact: asData,
  contains: asData,
  subset: asData,
  regex: asPattern,
  icontains: asText,
  "starts-with": asText,
  "contains-all": asText,
  "contains-any": asText,
  levenshtein: (arg, redactor) => withField(arg, "value", (v) => asText(v, redactor)),
  schema: (arg, redactor) => redactSchema(arg, redactor),
  "is-json": (arg, redactor) => withField(arg, "schema", (s) => redactSchema(s, redactor)),
  not: (arg, redactor) => {
    if (!isRecord(arg)) return arg;
    return Object.fromEntries(
      Object.entries(arg).map(([name, inner]) => [name, redactArg(name, inner, redactor)]),
    );
  },
};

/**
 * `spec` with every part of its argument that is compared with a response redacted as a cassette
 * redacts that response (string values, and the keys of expected data except protocol
 * vocabulary); regular expressions get the mark escaped. `snapshot` (which redacts both sides
 * itself), `exists`, `absent` and `is-valid-tools-call` are returned unchanged.
 */
export function redactMatcherSpec(spec: MatcherSpec, redactor: Redactor): MatcherSpec {
  if (!redactor.active) return spec;
  const arg = redactArg(spec.name, spec.arg, redactor);
  return arg === spec.arg ? spec : { ...spec, arg };
}

function redactArg(name: string, arg: unknown, redactor: Redactor): unknown {
  const redact = Object.hasOwn(BY_MATCHER, name) ? BY_MATCHER[name] : undefined;
  return redact ? redact(arg, redactor) : arg;
}

/** The schema keywords whose values are instances (compared with data), not subschemas. */
const INSTANCE_KEYWORDS: ReadonlySet<string> = new Set(["const", "enum", "default", "examples"]);
/** The schema keywords that map property names to subschemas. */
const NAMED_SUBSCHEMAS: ReadonlySet<string> = new Set(["properties", "dependentSchemas"]);

/**
 * A JSON Schema with the values it compares redacted: `const`, `enum` (as data), `pattern` and
 * the keys of `patternProperties` (as patterns), property names in `properties`, `required` and
 * `dependentSchemas` (as data keys); every subschema alike. Other strings (`type`, `format`,
 * `$ref`) are schema vocabulary and stay.
 */
export function redactSchema(schema: unknown, redactor: Redactor): unknown {
  if (Array.isArray(schema)) return schema.map((item) => redactSchema(item, redactor));
  if (!isRecord(schema)) return schema;
  return Object.fromEntries(
    Object.entries(schema).map(([keyword, value]) => {
      if (INSTANCE_KEYWORDS.has(keyword)) return [keyword, asData(value, redactor)];
      if (keyword === "pattern") return [keyword, asPattern(value, redactor)];
      if (keyword === "required" && Array.isArray(value)) {
        return [
          keyword,
          value.map((name) => typeof name === "string" ? key(name, redactor) : name),
        ];
      }
      if (isRecord(value) && (NAMED_SUBSCHEMAS.has(keyword) || keyword === "patternProperties")) {
        const rename = keyword === "patternProperties"
          ? (name: string) => asPattern(name, redactor) as string
          : (name: string) => key(name, redactor);
        return [keyword, mapEntries(value, rename, (sub) => redactSchema(sub, redactor))];
      }
      return [keyword, redactSchema(value, redactor)];
    }),
  );
}

/** A key of server data as a cassette writes it: protocol vocabulary kept, anything else redacted. */
function key(name: string, redactor: Redactor): string {
  return KEY_VOCABULARY.has(name) ? name : redactor.text(name);
}

function mapEntries(
  value: Record<string, unknown>,
  rename: (name: string) => string,
  map: (inner: unknown) => unknown,
): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(value).map(([name, inner]) => [rename(name), map(inner)]),
  );
}

function withField(arg: unknown, field: string, map: (value: unknown) => unknown): unknown {
  if (!isRecord(arg) || !Object.hasOwn(arg, field)) return arg;
  return { ...arg, [field]: map(arg[field]) };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** `text` with every character a regular expression reads specially escaped. */
function escapePattern(text: string): string {
  // Only syntax characters: with the `u` flag any other escaped character is an error.
  return text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
}
