/** @module Every form a secret value can take in output: raw, JSON-escaped, URL-encoded, base64. */

/** Secrets at least this long also hide their standalone base64 forms. */
export const BASE64_MIN_LENGTH = 4;
/** Parts of a URL secret (password, query values) at least this long are hidden on their own too. */
export const URL_PART_MIN_LENGTH = 4;
/** How many nested JSON string escapes are hidden (a PEM in a JSON string in a message in JSON). */
const JSON_DEPTH = 3;

/** The replacement marks tried in order; the first one no secret form can touch is used. */
const MARKS = ["[REDACTED]", "[SECRET]", "[HIDDEN]", "<redacted>", "***", "###", "•••", "▮▮▮"];

/** `JSON.stringify(text)` without the quotes. */
export function jsonEscape(text: string): string {
  return JSON.stringify(text).slice(1, -1);
}

function hex4(code: number, upper: boolean): string {
  const hex = code.toString(16).padStart(4, "0");
  return `\\u${upper ? hex.toUpperCase() : hex}`;
}

/** JSON escaping with every non-ASCII code unit as `\uxxxx` (Python's `ensure_ascii`). */
function asciiJsonEscape(text: string, upper: boolean): string {
  return jsonEscape(text).replace(/[\u0080-\uffff]/g, (c) => hex4(c.charCodeAt(0), upper));
}

function tryEncode(encode: (s: string) => string, text: string): string | undefined {
  try {
    return encode(text);
  } catch {
    return undefined; // a lone surrogate cannot be percent-encoded
  }
}

function base64Forms(text: string): string[] {
  const bytes = new TextEncoder().encode(text);
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  const padded = btoa(binary);
  const bare = padded.replace(/=+$/, "");
  return [padded, bare, bare.replaceAll("+", "-").replaceAll("/", "_")];
}

/**
 * Percent-encode every UTF-8 byte of `text` except the characters `keep` accepts (upper-case hex).
 * Python's `urllib.parse.quote` keeps letters, digits, `_.-~` and `/`; oauth4webapi's client
 * credentials encoding, and strict encoders, keep only letters and digits.
 */
function percentEncode(text: string, keep: (char: string) => boolean, space = "%20"): string {
  let out = "";
  for (const char of text) {
    if (keep(char)) {
      out += char;
      continue;
    }
    if (char === " ") {
      out += space;
      continue;
    }
    for (const byte of new TextEncoder().encode(char)) {
      out += `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
    }
  }
  return out;
}

const ALNUM = /^[A-Za-z0-9]$/;
const PY_UNRESERVED = /^[A-Za-z0-9_.~-]$/;

/** Python `urllib.parse.quote(s)` (safe `/`), `quote_plus(s)`, and the only-alphanumerics form. */
function strictPercentForms(text: string): string[] {
  return [
    percentEncode(text, (c) => PY_UNRESERVED.test(c) || c === "/"),
    percentEncode(text, (c) => PY_UNRESERVED.test(c), "+"),
    percentEncode(text, (c) => ALNUM.test(c)),
    percentEncode(text, (c) => ALNUM.test(c), "+"),
  ];
}

/** The inside of Python's `repr(s)`, for either quote it may pick (escapes `\\`, the quote, `\n`...). */
function pythonReprForms(text: string): string[] {
  const escape = (quote: string) => {
    let out = "";
    for (const char of text) {
      const code = char.codePointAt(0)!;
      if (char === "\\") out += "\\\\";
      else if (char === quote) out += `\\${quote}`;
      else if (char === "\n") out += "\\n";
      else if (char === "\r") out += "\\r";
      else if (char === "\t") out += "\\t";
      else if (code < 0x20 || code === 0x7f) out += `\\x${code.toString(16).padStart(2, "0")}`;
      else out += char;
    }
    return out;
  };
  return [escape("'"), escape('"')];
}

/** Password and query values of a secret that is itself a URL (they appear alone in messages). */
function urlParts(text: string): string[] {
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) return [];
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return [];
  }
  const parts = [decodeSafe(url.password), decodeSafe(url.username)];
  for (const value of url.searchParams.values()) parts.push(value);
  return parts.filter((p) => p.length >= URL_PART_MIN_LENGTH && p !== text);
}

function decodeSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** The forms of one value and of its CRLF variant (a PEM key written with `\r\n` line ends). */
function formsOf(secret: string): string[] {
  const crlf = secret.includes("\n") && !secret.includes("\r\n")
    ? secret.replaceAll("\n", "\r\n")
    : undefined;
  return crlf === undefined ? baseFormsOf(secret) : [...baseFormsOf(secret), ...baseFormsOf(crlf)];
}

/** The forms of one value, without URL-part expansion. */
function baseFormsOf(secret: string): string[] {
  const forms = [secret];
  let escaped = secret;
  for (let depth = 0; depth < JSON_DEPTH; depth++) {
    escaped = jsonEscape(escaped);
    forms.push(escaped, escaped.replaceAll("/", "\\/"));
  }
  forms.push(asciiJsonEscape(secret, false), asciiJsonEscape(secret, true));
  forms.push(jsonEscape(asciiJsonEscape(secret, false)));
  const component = tryEncode(encodeURIComponent, secret);
  if (component !== undefined) {
    forms.push(component, component.replace(/%[0-9A-F]{2}/g, (h) => h.toLowerCase()));
    forms.push(component.replaceAll("%20", "+"));
  }
  const uri = tryEncode(encodeURI, secret);
  if (uri !== undefined) forms.push(uri);
  const form = tryEncode((s) => new URLSearchParams({ s }).toString().slice(2), secret);
  if (form !== undefined) forms.push(form);
  if (component !== undefined) forms.push(...strictPercentForms(secret));
  forms.push(...pythonReprForms(secret));
  if (secret.length >= BASE64_MIN_LENGTH) forms.push(...base64Forms(secret));
  return forms;
}

/**
 * Every form in which `secret` can appear in output, longest first, without duplicates or empty
 * strings: raw; JSON-escaped up to three levels deep (also with `\/` and `\uXXXX` escapes);
 * percent-encoded (encodeURIComponent, lower-case hex, encodeURI, form encoding with `+`, Python's
 * `quote` with `/` kept and `quote_plus`, and only letters and digits kept, as oauth4webapi encodes
 * client credentials); the inside of Python's `repr()`; standalone base64 (standard, unpadded,
 * URL-safe) for secrets of 4+ characters; each of these also for the CRLF variant of a multi-line
 * secret (a PEM key). A secret that is a URL also hides its password, user name and query values
 * (4+ characters) in all these forms.
 */
export function secretForms(secret: string): string[] {
  if (secret === "") return [];
  const values = [secret, ...urlParts(secret)];
  const forms = new Set(values.flatMap(formsOf));
  forms.delete("");
  return [...forms].sort((a, b) => b.length - a.length);
}

/** The forms of every secret, de-duplicated, longest first. */
export function allSecretForms(secrets: readonly string[]): string[] {
  const forms = new Set([...new Set(secrets)].flatMap(secretForms));
  return [...forms].sort((a, b) => b.length - a.length);
}

/**
 * Whether `mark` is safe as a replacement for these forms: no form is inside it, and no form holds
 * its first or last character (so no form can straddle a mark and the text next to it).
 */
function markIsSafe(mark: string, forms: readonly string[]): boolean {
  const first = mark[0]!, last = mark[mark.length - 1]!;
  return forms.every((f) => !mark.includes(f) && !f.includes(first) && !f.includes(last));
}

/**
 * The text that replaces secrets: `[REDACTED]` unless a secret form could touch it (a one-letter
 * secret `E`, `[` or `]`), then the first safe one of a fixed list, else `""` (deletion).
 */
export function markFor(forms: readonly string[]): string {
  return MARKS.find((m) => markIsSafe(m, forms)) ?? "";
}
