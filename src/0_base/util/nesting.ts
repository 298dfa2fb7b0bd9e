/** @module The nesting limit of every document mcptest reads (suites, cassettes, records, server messages): found by a linear scan of the text, before any parser or recursive walk can overflow the stack. */

/** How deep a suite, a file mcptest reads, or a server message may nest (objects and arrays). */
export const MAX_NESTING = 256;

/**
 * The offset in JSON `text` where nesting first goes deeper than `limit` (brackets outside
 * strings), or -1 when it never does. Linear, no allocation: safe on any input. A string is
 * skipped by a native search for its closing quote (a server's answer is mostly string content:
 * a 10 KB text is not read character by character).
 */
export function jsonNestingOverflow(text: string, limit: number = MAX_NESTING): number {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      i = closingQuote(text, i);
      if (i === -1) return -1; // an unterminated string: nothing after it is outside one
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return i;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return -1;
}

/** The offset of the quote that closes the string opened at `open` (one not escaped), or -1. */
function closingQuote(text: string, open: number): number {
  for (
    let quote = text.indexOf('"', open + 1);
    quote !== -1;
    quote = text.indexOf('"', quote + 1)
  ) {
    // Escaped when an odd run of backslashes comes before it (`\\"` closes, `\"` does not).
    let slashes = 0;
    while (text.charCodeAt(quote - 1 - slashes) === 0x5c) slashes++;
    if (slashes % 2 === 0) return quote;
  }
  return -1;
}

/** A position in a text (1-based). */
export interface TextPosition {
  readonly line: number;
  readonly col: number;
}

/**
 * Where YAML `text` first nests deeper than `limit`, or undefined. Block nesting is counted from
 * indentation (each deeper indentation of a mapping or sequence line, and each `- ` that opens a
 * sequence inline), flow nesting from brackets outside quotes; block scalars (`|`, `>`) and
 * comments do not count. An estimate that never undercounts a real document's depth by more than
 * its inline sequences, so the parsers behind it never see a document deep enough to overflow.
 */
export function yamlNestingOverflow(
  text: string,
  limit: number = MAX_NESTING,
): TextPosition | undefined {
  const state: BlockState = { indents: [], scalarIndent: -1, flow: { depth: 0, base: 0 } };
  let line = 0;
  for (let start = 0; start <= text.length; line++) {
    let end = text.indexOf("\n", start);
    if (end === -1) end = text.length;
    const over = lineOverflow(text, start, end, state, limit);
    if (over !== undefined) return { line: line + 1, col: over + 1 };
    start = end + 1;
  }
  return undefined;
}

/** What the scan carries from one line to the next. */
interface BlockState {
  /** The indentations of the open block collections. */
  readonly indents: number[];
  /** The indentation of the line that opened a block scalar (-1: none open). */
  scalarIndent: number;
  readonly flow: { depth: number; base: number };
}

/**
 * Scan the line `text[start, end)` (no copy of it unless it holds a flow bracket or a block
 * scalar indicator): the 0-based column where nesting passes `limit`, or undefined.
 */
function lineOverflow(
  text: string,
  start: number,
  end: number,
  state: BlockState,
  limit: number,
): number | undefined {
  let at = start;
  while (at < end && isWhiteSpace(text.charCodeAt(at))) at++;
  const indent = at - start;
  if (at === end || text.charCodeAt(at) === 0x23) return undefined; // blank, or a comment
  const signs = signsIn(text, at, end); // the indentation holds neither sign
  let col = 0;
  if (state.flow.depth === 0) {
    if (state.scalarIndent >= 0 && indent > state.scalarIndent) return undefined;
    state.scalarIndent = -1;
    const { indents } = state;
    while (indents.length > 0 && indents[indents.length - 1]! >= indent) indents.pop();
    indents.push(indent);
    let depth = indents.length;
    col = indent;
    // Each `- ` (or a lone `-` ending the line) opens one more sequence on this line.
    while (text.charCodeAt(start + col) === 0x2d) {
      const next = start + col + 1;
      if (next !== end && text.charCodeAt(next) !== 0x20) break;
      depth++;
      col += 2;
      if (next === end) break;
    }
    if (depth > limit) return indent;
    state.flow.base = depth;
    if ((signs & HAS_SCALAR_SIGN) !== 0 && BLOCK_SCALAR.test(text.slice(at, end))) {
      state.scalarIndent = indent;
    }
  }
  // Only brackets change the flow depth: a line without one leaves it as it is.
  if ((signs & HAS_BRACKET) === 0) return undefined;
  const over = flowOverflow(text.slice(start, end), col, state.flow, limit);
  return over >= 0 ? over : undefined;
}

/** A line that opens a block scalar (`key: |`, `- >-`, `key: |2 # comment`). */
const BLOCK_SCALAR = /[:-]\s*[|>][+-]?\d*\s*(#.*)?$/;

/** A line holds a block scalar indicator (`|` or `>`). */
const HAS_SCALAR_SIGN = 1;
/** A line holds a flow bracket (`[`, `]`, `{`, `}`). */
const HAS_BRACKET = 2;

/** Which of the signs the scan looks for `text[from, to)` holds (one pass over that range only). */
function signsIn(text: string, from: number, to: number): number {
  let signs = 0;
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x7c || c === 0x3e) signs |= HAS_SCALAR_SIGN;
    else if (c === 0x5b || c === 0x5d || c === 0x7b || c === 0x7d) signs |= HAS_BRACKET;
  }
  return signs;
}

/** The characters `String.prototype.trimStart` removes (ECMAScript WhiteSpace and LineTerminator). */
function isWhiteSpace(c: number): boolean {
  if (c === 0x20 || (c >= 0x09 && c <= 0x0d)) return true;
  if (c < 0xa0) return false;
  return c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 ||
    c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
}

/**
 * Count flow brackets on one line from `from`, carrying the depth across lines (a flow collection
 * may span several); the column where block + flow nesting passes `limit`, or -1.
 */
function flowOverflow(
  line: string,
  from: number,
  flow: { depth: number; base: number },
  limit: number,
): number {
  let quote = "";
  for (let i = from; i < line.length; i++) {
    const c = line[i]!;
    if (quote !== "") {
      if (quote === '"' && c === "\\") i++;
      else if (c === quote) quote = "";
      continue;
    }
    if (c === '"' || c === "'") quote = c;
    else if (c === "#" && (i === 0 || /\s/.test(line[i - 1]!))) return -1;
    else if (c === "[" || c === "{") {
      if (flow.base + ++flow.depth > limit) return i;
    } else if ((c === "]" || c === "}") && flow.depth > 0) flow.depth--;
  }
  return -1;
}
