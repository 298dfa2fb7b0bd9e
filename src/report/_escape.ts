/** @module Escaping for the text formats: XML/HTML text and attributes, Markdown table cells and code fences. */

// XML 1.0 forbids these code points even when escaped.
const XML_INVALID =
  // deno-lint-ignore no-control-regex
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Replace characters XML cannot carry with a visible `\uXXXX`. */
export function xmlSafe(text: string): string {
  return text.replace(
    XML_INVALID,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

// deno-lint-ignore no-control-regex
const CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F]/g;

/** Show control characters (other than newline and tab) as `\uXXXX`, e.g. inside a code block. */
export function visibleControls(text: string): string {
  return text.replace(CONTROL, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/** Escape text content for XML and HTML. */
export function escapeText(text: string): string {
  return xmlSafe(text).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** Escape an attribute value (double-quoted) for XML and HTML; keeps newlines and tabs. */
export function escapeAttr(text: string): string {
  return escapeText(text)
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;")
    .replace(/\n/g, "&#10;")
    .replace(/\r/g, "&#13;")
    .replace(/\t/g, "&#9;");
}

/** Escape a Markdown table cell: one line, no HTML, no pipes, no inline formatting. */
export function markdownCell(text: string): string {
  return escapeText(text)
    .replace(/\r?\n|\r/g, " ")
    .replace(/([\\`*_{}[\]()#+!|~])/g, "\\$1");
}

/** A code fence longer than any run of backticks in `text`. */
export function fenceFor(text: string): string {
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  return "`".repeat(Math.max(3, longest + 1));
}
