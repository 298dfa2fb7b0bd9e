/** @module The one escaping module for foreign text: terminal and CI safety, XML/HTML, Markdown, JSON. */

import { setOwn } from "./set_own.ts";

// ---------------------------------------------------------------------------------------------
// Terminal and CI safety.
// ---------------------------------------------------------------------------------------------

/** C0 controls but tab, DEL and the C1 controls (U+009B is a one-character CSI on some terminals). */
// deno-lint-ignore no-control-regex
const CONTROLS = /[\u0000-\u0008\u000A-\u001F\u007F-\u009F]/g;
/** The same, newline kept. */
// deno-lint-ignore no-control-regex
const CONTROLS_BUT_NEWLINE = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/g;

/** `\u001b` for ESC: a visible, unambiguous stand-in for a character that must not be printed. */
function visible(c: string): string {
  return `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`;
}

/**
 * Show every control character as a visible `\uXXXX`: C0 (ESC, CR, BEL, ...), DEL and C1, so a
 * server's text cannot move the cursor, clear the screen, set the title (OSC 0), plant a link
 * (OSC 8) or colour the output. Tab stays; newline stays only when `keepNewlines`.
 *
 * @example
 * ```ts
 * import { escapeControls } from "./escape.ts";
 * escapeControls("a\x1b[2Jb\rc"); // "a\\u001b[2Jb\\u000dc"
 * ```
 */
export function escapeControls(text: string, keepNewlines = false): string {
  return text.replace(keepNewlines ? CONTROLS_BUT_NEWLINE : CONTROLS, visible);
}

/** How a format writes a `:` and a `#` without the character itself. */
export interface CommandEscapes {
  /** Stands for the first `:` of a line-leading `::`. */
  readonly colon: string;
  /** Stands for the first `#` of a legacy `##[`. */
  readonly hash: string;
}

/** Plain text: visible `\u003a` / `\u0023` (and real escapes inside JSON and YAML double quotes). */
export const TEXT_ESCAPES: CommandEscapes = { colon: "\\u003a", hash: "\\u0023" };
/** XML and HTML: character references, so the value the document carries is unchanged. */
export const MARKUP_ESCAPES: CommandEscapes = { colon: "&#58;", hash: "&#35;" };

/**
 * A line GitHub Actions reads as a workflow command: `::` first after leading whitespace (the
 * runner trims it; our own SGR colour codes are skipped too, to be safe) ...
 */
// deno-lint-ignore no-control-regex
const COMMAND_START = /^((?:[\s\u0085]|\x1b\[[0-9;]*m)*):(?=:)/gm;
/** ... or, in the legacy syntax, `##[` anywhere in a line. */
const LEGACY_COMMAND = /#(?=#\[)/g;

/**
 * Neutralise every GitHub Actions workflow command in rendered output: a line whose first
 * non-blank characters are `::` gets its first colon escaped, and every legacy `##[` its first
 * hash, the way `escapes` says. Lines break at `\n` and `\r` (the runner splits on both). Only
 * the annotation writer, whose payloads are escaped per GitHub's rules, may print commands.
 */
export function neutralizeCommands(text: string, escapes: CommandEscapes = TEXT_ESCAPES): string {
  // Both patterns need two adjacent characters: a text without them (most reports) is not scanned.
  const commands = text.includes("::") ? text.replace(COMMAND_START, `$1${escapes.colon}`) : text;
  return commands.includes("##[") ? commands.replace(LEGACY_COMMAND, escapes.hash) : commands;
}

/**
 * The sink function for plain output built from foreign text: controls shown as `\uXXXX`
 * (newline and tab kept), then workflow commands neutralised. Text styled with our own colour
 * codes escapes its foreign parts with {@link escapeControls} and passes the whole output
 * through {@link neutralizeCommands}.
 *
 * @example
 * ```ts
 * import { terminalSafe } from "./escape.ts";
 * terminalSafe("bad\n::error file=x::y"); // "bad\n\\u003a:error file=x::y"
 * ```
 */
export function terminalSafe(text: string): string {
  return neutralizeCommands(escapeControls(text, true));
}

/**
 * The one gate for command output that quotes a server or a file (test names, file names, corpus
 * ids) on its way to a terminal or a CI log: JSON output through {@link safeJson} (the parsed
 * value unchanged), any other text through {@link terminalSafe}. No ESC, BEL, CR or C1 byte and no
 * line-leading `::` gets out. Reporters with a markup format escape for it instead.
 *
 * @example
 * ```ts
 * import { forTerminal } from "./escape.ts";
 * forTerminal("t\x1b[31m\n::error::x", "text"); // "t\\u001b[31m\n\\u003a:error::x"
 * ```
 */
export function forTerminal(text: string, format: "json" | "text" | string = "text"): string {
  return format === "json" ? safeJson(text) : terminalSafe(text);
}

/**
 * `value` with {@link escapeControls} (newlines kept) applied to every string in it, keys and
 * structure unchanged: what a reporter renders a record entry from. The input is never modified:
 * a part holding no control character is returned as it is (most of a record: nothing copied),
 * a part that changes is a copy.
 */
export function escapeStrings<T>(value: T): T {
  if (typeof value === "string") return escapeControls(value, true) as T;
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const escaped = escapeStrings(value[i]);
      if (copy === undefined && escaped !== value[i]) copy = value.slice(0, i);
      copy?.push(escaped);
    }
    return (copy ?? value) as T;
  }
  if (value !== null && typeof value === "object") {
    const record = value as Record<string, unknown>;
    const keys = Object.keys(record);
    let copy: Record<string, unknown> | undefined;
    for (let i = 0; i < keys.length; i++) {
      const item = record[keys[i]!];
      const escaped = escapeStrings(item);
      if (copy === undefined && escaped !== item) {
        copy = {};
        for (let j = 0; j < i; j++) setOwn(copy, keys[j]!, record[keys[j]!]);
      }
      if (copy !== undefined) setOwn(copy, keys[i]!, escaped);
    }
    return (copy ?? value) as T;
  }
  return value;
}

/** Raw DEL, C1 and the JavaScript line separators, which `JSON.stringify` leaves as they are. */
const JSON_UNESCAPED = /[\u007F-\u009F\u2028\u2029]/g;

/**
 * Make `JSON.stringify` output safe to print: DEL, C1, U+2028/9 written as `\uXXXX` escapes and
 * legacy `##[` commands neutralised with a JSON escape (`\u0023` inside a string is the same
 * character): the parsed value is unchanged. No line of it can start a `::` command: once the
 * line separators inside strings are escapes, every line break is one `JSON.stringify` put
 * between tokens, and every line starts, after its indentation, with a token (`"`, a bracket, a
 * number or a literal), never with `:`. So the `::` scan of {@link neutralizeCommands}, a
 * regular expression over the whole text, is not needed (the escape property test checks this).
 */
export function safeJson(json: string): string {
  const visibleJson = json.replace(JSON_UNESCAPED, visible);
  return visibleJson.includes("##[")
    ? visibleJson.replace(LEGACY_COMMAND, TEXT_ESCAPES.hash)
    : visibleJson;
}

// ---------------------------------------------------------------------------------------------
// XML and HTML.
// ---------------------------------------------------------------------------------------------

// XML 1.0 forbids these code points even when escaped; DEL and C1 are legal but drive terminals.
const XML_INVALID =
  // deno-lint-ignore no-control-regex
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Replace characters XML cannot carry (and DEL, C1) with a visible `\uXXXX`. */
export function xmlSafe(text: string): string {
  return text.replace(XML_INVALID, visible);
}

/**
 * Escape text content for XML and HTML. A carriage return becomes `&#13;` (a raw one would start
 * a new line for a terminal or a CI log).
 */
export function escapeText(text: string): string {
  return xmlSafe(text).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;")
    .replace(/\r/g, "&#13;");
}

/** Escape an attribute value (double- or single-quoted) for XML and HTML; keeps newlines and tabs. */
export function escapeAttr(text: string): string {
  return escapeText(text)
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;")
    .replace(/\n/g, "&#10;")
    .replace(/\t/g, "&#9;");
}

/** A whole XML or HTML document made safe to print: workflow commands as character references. */
export function safeMarkup(document: string): string {
  return neutralizeCommands(document, MARKUP_ESCAPES);
}

// ---------------------------------------------------------------------------------------------
// Markdown.
// ---------------------------------------------------------------------------------------------

/** Escape a Markdown table cell: one line, no HTML, no pipes, no inline formatting. */
export function markdownCell(text: string): string {
  return escapeText(text)
    .replace(/&#13;\n|&#13;|\n/g, " ")
    .replace(/([\\`*_{}[\]()#+!|~])/g, "\\$1");
}

/** Show control characters (other than newline and tab) as `\uXXXX`, e.g. inside a code block. */
export function visibleControls(text: string): string {
  return escapeControls(text, true);
}

/**
 * A Markdown code span holding `text` on one line: controls visible, a backtick run longer than
 * any inside (GitHub shows `<`, `&` and `|` in a code span as they are, outside tables).
 */
export function inlineCode(text: string): string {
  const body = escapeControls(text);
  const longest = Math.max(0, ...[...body.matchAll(/`+/g)].map((m) => m[0].length));
  const ticks = "`".repeat(longest + 1);
  const pad = body.startsWith("`") || body.endsWith("`") ? " " : "";
  return `${ticks}${pad}${body}${pad}${ticks}`;
}

/** A code fence longer than any run of backticks in `text`. */
export function fenceFor(text: string): string {
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  return "`".repeat(Math.max(3, longest + 1));
}
