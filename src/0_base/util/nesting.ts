/** @module The nesting limit of every document mcptest reads (suites, cassettes, records, server messages): found by a linear scan of the text, before any parser or recursive walk can overflow the stack. */

/** How deep a suite, a file mcptest reads, or a server message may nest (objects and arrays). */
export const MAX_NESTING = 256;

/**
 * The offset in JSON `text` where nesting first goes deeper than `limit` (brackets outside
 * strings), or -1 when it never does. Linear, no allocation: safe on any input.
 */
export function jsonNestingOverflow(text: string, limit: number = MAX_NESTING): number {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
      continue;
    }
    if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return i;
    } else if (c === 0x5d || c === 0x7d) depth--;
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
  const indents: number[] = [];
  let scalarIndent = -1;
  const flow = { depth: 0, base: 0 };
  const lines = text.split("\n");
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!;
    const body = line.trimStart();
    const indent = line.length - body.length;
    if (body === "" || body.startsWith("#")) continue;
    let col = 0;
    if (flow.depth === 0) {
      if (scalarIndent >= 0 && indent > scalarIndent) continue;
      scalarIndent = -1;
      while (indents.length > 0 && indents[indents.length - 1]! >= indent) indents.pop();
      indents.push(indent);
      let depth = indents.length;
      col = indent;
      while (body.startsWith("- ", col - indent) || body.slice(col - indent) === "-") {
        depth++;
        col += 2;
      }
      if (depth > limit) return { line: index + 1, col: indent + 1 };
      flow.base = depth;
      const scalar = body.includes("|") || body.includes(">");
      if (scalar && /[:-]\s*[|>][+-]?\d*\s*(#.*)?$/.test(body)) scalarIndent = indent;
    }
    // Only brackets change the flow depth: a line without one leaves it as it is.
    if (!BRACKET.test(line)) continue;
    const over = flowOverflow(line, col, flow, limit);
    if (over >= 0) return { line: index + 1, col: over + 1 };
  }
  return undefined;
}

/** A character that opens or closes a flow collection. */
const BRACKET = /[[\]{}]/;

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
