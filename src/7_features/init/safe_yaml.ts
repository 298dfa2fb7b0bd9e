/**
 * @module Server-sent values as YAML data: `mcptest init` writes what an untrusted server
 * advertised (tool names, descriptions, schemas, defaults) only through these functions.
 *
 * - every value is serialized by the `yaml` library as data, never spliced into text;
 * - every `${` in a string becomes `$${`, so interpolation cannot fire on it later;
 * - the file holds no control, format or line/paragraph-separator character: a string holding
 *   one is written double-quoted with the character as an escape (`\e`, `\u2028`), so the value
 *   survives exactly and nothing reaches a terminal or editor raw;
 * - a mapping key the loader reads specially (`*_Env` reads a secret, `<<` merges) is never
 *   written from server data (see {@link hasSpecialKey}, {@link withoutSpecialKeys});
 * - text for a comment goes through {@link commentSafe}: one line, printable only.
 */

import { Document, Scalar, visit } from "yaml";
import { setOwn } from "../../0_base/util/set_own.ts";

/** Characters that never appear raw in a written file (a line feed only as YAML's own line break). */
const UNSAFE = /[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}]/u;
const UNSAFE_ALL = /[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}]/gu;
/** The same, without the line feed (the document's own line breaks stay). */
const UNSAFE_IN_TEXT = /[^\P{Cc}\n]|[\p{Cf}\p{Cs}\p{Zl}\p{Zp}]/gu;

/** A mapping key the suite loader does not read as a plain key: `<base>_Env` (a secret) or `<<` (a merge). */
export function isSpecialKey(key: string): boolean {
  return (key.length > 4 && key.endsWith("_Env")) || key === "<<";
}

/** Whether `value` holds a mapping key the loader reads specially, at any depth (see {@link isSpecialKey}). */
export function hasSpecialKey(value: unknown, depth = 0): boolean {
  if (depth > 64) return true;
  if (Array.isArray(value)) return value.some((item) => hasSpecialKey(item, depth + 1));
  if (value === null || typeof value !== "object") return false;
  return Object.entries(value).some(([key, child]) =>
    isSpecialKey(key) || hasSpecialKey(child, depth + 1)
  );
}

/** `value` with every mapping entry whose key {@link isSpecialKey} left out, at any depth. */
export function withoutSpecialKeys(value: unknown, depth = 0): unknown {
  if (depth > 64) return null;
  if (Array.isArray(value)) return value.map((item) => withoutSpecialKeys(item, depth + 1));
  if (value === null || typeof value !== "object") return value;
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) {
    if (isSpecialKey(key)) continue;
    setOwn(out, key, withoutSpecialKeys(child, depth + 1));
  }
  return out;
}

/** `text` for a `#` comment: control, format and separator characters as `?`, at most `max` characters. */
export function commentSafe(text: string, max = 120): string {
  const clean = text.replace(UNSAFE_ALL, "?");
  return clean.length > max ? `${clean.slice(0, max)}...` : clean;
}

/** `text` for a display name (a test's `name:`): control and format characters as `?`. */
export function nameSafe(text: string): string {
  return text.replace(UNSAFE_ALL, "?");
}

/**
 * YAML for `value` (a mapping at the top level), every `${` in a string written as `$${`, and no
 * control, format or separator character raw in the text (see the module notes).
 */
export function stringifyData(value: unknown): string {
  const document = new Document(escapeVariables(value, 0));
  visit(document, {
    Scalar(_key, node: Scalar) {
      if (typeof node.value === "string" && UNSAFE.test(node.value)) {
        node.type = Scalar.QUOTE_DOUBLE;
      }
    },
  });
  const text = document.toString({
    indent: 2,
    lineWidth: 0,
    minContentWidth: 0,
    // One line per string: a line break is written `\n`, never as a folded line.
    doubleQuotedMinMultiLineLength: Number.MAX_SAFE_INTEGER,
  });
  // The library escapes C0 controls in double quotes but writes others (U+0085, U+2028, bidi
  // controls) raw; every string holding one is double-quoted above, so an escape is valid there.
  return text.replace(UNSAFE_IN_TEXT, (c) => {
    const code = c.codePointAt(0)!;
    return code > 0xffff
      ? `\\U${code.toString(16).padStart(8, "0")}`
      : `\\u${code.toString(16).padStart(4, "0")}`;
  });
}

/** `value` with every `${` in its strings written `$${` (keys are not interpolated: kept). */
export function escapeVariables(value: unknown, depth = 0): unknown {
  // A function replacement: in a replacement string "$$" would mean one "$".
  if (typeof value === "string") return value.replaceAll("${", () => "$${");
  if (depth > 64) return null;
  if (Array.isArray(value)) return value.map((item) => escapeVariables(item, depth + 1));
  if (value === null || typeof value !== "object") return value;
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) {
    setOwn(out, key, escapeVariables(child, depth + 1));
  }
  return out;
}
