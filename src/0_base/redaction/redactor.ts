/** @module The redaction engine: finds every form of every secret in a string, and walks JSON values. */

import { allSecretForms, markFor } from "./secret_forms.ts";
import { KEY_VOCABULARY } from "./key_vocabulary.ts";

/** The text that replaces a secret (unless a secret could touch it: see {@link redactionMark}). */
export const REDACTED = "[REDACTED]";

/** A prepared redaction for one set of secrets (build once, apply to many strings). */
export interface Redactor {
  /** The replacement text in use. */
  readonly mark: string;
  /** Whether there is anything to hide at all. */
  readonly active: boolean;
  /** `text` with every form of every secret replaced. */
  text(text: string): string;
  /**
   * `text` with every run of secret forms replaced by `replacement` instead of the mark (the same
   * runs {@link Redactor.text} replaces): e.g. the mark escaped for a regular expression, so a
   * pattern redacted this way matches the mark literally.
   */
  textAs(text: string, replacement: string): string;
}

/**
 * Prepare redaction for `secrets`. Every occurrence of every form (raw, JSON-escaped, URL-encoded,
 * base64: see secretForms) of every secret is found, overlapping and touching occurrences are
 * merged, and each merged run is replaced by one mark. Secrets of any length count, one letter
 * included. The mark is chosen so no secret form can appear in the result.
 */
export function createRedactor(secrets: readonly string[]): Redactor {
  const forms = allSecretForms(secrets);
  if (forms.length === 0) {
    return { mark: REDACTED, active: false, text: (t) => t, textAs: (t) => t };
  }
  const mark = markFor(forms);
  const textAs = (input: string, replacement: string): string => {
    // With the deletion fallback (no safe mark), joining the neighbours can form a new occurrence.
    if (mark === "") return deleteRuns(input, forms);
    return replaceRuns(input, forms, replacement);
  };
  return { mark, active: true, text: (input) => textAs(input, mark), textAs };
}

/** `text` with every run of `forms` deleted, again until none is left. */
function deleteRuns(text: string, forms: readonly string[]): string {
  let out = replaceRuns(text, forms, "");
  for (let next = replaceRuns(out, forms, ""); next !== out; next = replaceRuns(out, forms, "")) {
    out = next;
  }
  return out;
}

function replaceRuns(text: string, forms: readonly string[], mark: string): string {
  const spans: Array<[number, number]> = [];
  for (const form of forms) {
    for (let at = text.indexOf(form); at !== -1; at = text.indexOf(form, at + 1)) {
      spans.push([at, at + form.length]);
    }
  }
  if (spans.length === 0) return text;
  spans.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  let out = "";
  let kept = 0;
  let runStart = spans[0]![0], runEnd = spans[0]![1];
  const flush = () => {
    out += text.slice(kept, runStart) + mark;
    kept = runEnd;
  };
  for (const [start, end] of spans.slice(1)) {
    if (start <= runEnd) {
      if (end > runEnd) runEnd = end;
      continue;
    }
    flush();
    runStart = start;
    runEnd = end;
  }
  flush();
  return out + text.slice(kept);
}

/**
 * What to do with the string at `path` (array indices written `[]`, e.g. `tests[].status`):
 * `"keep"` it, transform it with a function, or `undefined` for plain redaction.
 */
export type StringRule = (path: string) => "keep" | ((text: string) => string) | undefined;

/**
 * Whether the keys of the object at `path` are free data (a server's result, an HTTP header
 * name): those are redacted like string values, except a key that is exactly protocol vocabulary
 * (`tools`, `content-type`: KEY_VOCABULARY). Keys of a document's own structure (a run record's
 * fields, a capture's envelope) are not.
 */
export type KeyRule = (path: string) => boolean;

/**
 * Walk a JSON value, redacting string values as `rule` says and the keys of objects `keys` calls
 * free data (default: no key is touched); numbers, booleans, null and the shape are copied. Two
 * keys redacted alike stay two keys (`[REDACTED]`, `[REDACTED]~2`).
 */
export function redactJson(
  value: unknown,
  redactor: Redactor,
  rule: StringRule,
  keys: KeyRule = () => false,
): unknown {
  const walk = (v: unknown, path: string): unknown => {
    if (typeof v === "string") {
      const how = rule(path);
      if (how === "keep") return v;
      return how ? how(v) : redactor.text(v);
    }
    if (Array.isArray(v)) return v.map((item) => walk(item, `${path}[]`));
    if (v !== null && typeof v === "object") {
      const free = redactor.active && keys(path);
      const taken = new Set<string>();
      // fromEntries defines own properties: a `__proto__` key stays a key.
      return Object.fromEntries(
        Object.entries(v).map(([key, inner]) => {
          const shown = free && !KEY_VOCABULARY.has(key) ? unique(redactor.text(key), taken) : key;
          taken.add(shown);
          return [shown, walk(inner, path === "" ? key : `${path}.${key}`)];
        }),
      );
    }
    return v;
  };
  return walk(value, "");
}

/** `key`, or `key~2`, `key~3`... when an earlier key of the object was redacted to the same text. */
function unique(key: string, taken: ReadonlySet<string>): string {
  if (!taken.has(key)) return key;
  let n = 2;
  while (taken.has(`${key}~${n}`)) n++;
  return `${key}~${n}`;
}
