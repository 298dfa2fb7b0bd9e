/** @module The fast path of YAML loading: js-yaml for the value, plus the start position of every mapping and sequence. */

// @ts-types="@types/js-yaml"
import { load } from "js-yaml";
import { MAX_NESTING } from "../util/nesting.ts";
import { AliasTally } from "./alias_tally.ts";
import { SCHEMA } from "./yaml_schema.ts";

/** A 1-based line and column. */
export interface LineCol {
  readonly line: number;
  readonly col: number;
}

/** The value of a document and where each of its mappings and sequences starts. */
export interface FastDocument {
  readonly value: unknown;
  /**
   * Position of an object/array node of `value`: its first significant character, as the `yaml`
   * parser reports it (undefined for a node of another document).
   */
  positionOf(node: object): LineCol | undefined;
  /** The number of lines of the text. */
  readonly lineCount: number;
  /** The text that was parsed (with LF line ends where the file had CRLF ones). */
  readonly text: string;
  /** Line `line` (1-based) of the text, without its line break ("" past the end). */
  line(line: number): string;
  /** The offset in the text of a 1-based line and column, and back. */
  offsetOf(pos: LineCol): number;
  lineColOf(offset: number): LineCol;
}

/**
 * Parse `text` quickly, or return undefined when the careful parser must decide (a document that
 * nests near the limit, aliases that may expand it past what the careful parser accepts or that
 * form a cycle, or anything js-yaml rejects: the careful path then reports the error with its
 * position). A node an alias repeats keeps the position of the node the anchor is on, as the
 * careful parser reports it.
 */
export function fastParse(text: string): FastDocument | undefined {
  const lineStarts = lineStartsOf(text);
  // Offsets only (numbers, in a Map: a large document has one entry per mapping and sequence);
  // the line and column are worked out for the few nodes a position is asked for.
  const offsets = new Map<object, number>();
  const open: number[] = [];
  // Only a document with a `*` can hold an alias: most are not tallied.
  const aliases = text.includes("*") ? new AliasTally() : undefined;
  try {
    const value = load(text, {
      schema: SCHEMA,
      listener(event, state) {
        if (event === "open") {
          // Near the nesting limit the careful path decides (it refuses a document too deep
          // with its position): js-yaml, which recurses per level, never goes deeper.
          if (open.push(state.position) > MAX_NESTING) throw new Error("nested too deep");
          aliases?.open();
          return;
        }
        const start = open.pop();
        aliases?.close(state.kind, state.result);
        // Only mappings and sequences keep a position: the scan to their first significant
        // character is made for them alone, not for every scalar. An alias (kind null) of one
        // leaves it the position of the node it names.
        if (
          start !== undefined && state.kind !== null && state.result !== null &&
          typeof state.result === "object"
        ) {
          offsets.set(state.result as object, contentStart(text, start));
        }
      },
    });
    if (aliases && !aliases.tame) return undefined;
    return documentOf(text, lineStarts, value ?? null, offsets);
  } catch {
    return undefined;
  }
}

/**
 * Where the content of a node that starts at `at` begins, as the careful parser places it: after
 * blanks, comments and the node's properties (an anchor `&a`, a tag `!t` or `!<...>`).
 * @throws {Error} a property not followed by a blank (`&a[1]`): the careful parser decides it
 */
function contentStart(text: string, at: number): number {
  let i = significant(text, at);
  while (text[i] === "&" || text[i] === "!") {
    if (text.startsWith("!<", i)) i = text.indexOf(">", i) + 1 || text.length;
    else while (i < text.length && !PROPERTY_END.test(text[i]!)) i++;
    if (i < text.length && !BLANK.test(text[i]!)) throw new Error("a property runs into its node");
    i = significant(text, i);
  }
  return i;
}

/** What ends an anchor or tag name: a blank, a line break or a flow indicator. */
const PROPERTY_END = /[\s,[\]{}]/;

/** What must follow a property (js-yaml also takes a flow indicator, the `yaml` package not). */
const BLANK = /\s/;

/** The offset of the first character at or after `at` that is not blank or part of a comment. */
function significant(text: string, at: number): number {
  let i = at;
  while (i < text.length) {
    const c = text[i];
    if (c === " " || c === "\t" || c === "\n" || c === "\r") i++;
    else if (c === "#") {
      while (i < text.length && text[i] !== "\n") i++;
    } else break;
  }
  return i;
}

/**
 * The offset of the start of every line of `text`, in a typed array of their number: kept as long
 * as the document, outside V8's heap (an array grown by pushing has room for half as many again,
 * and every young collection during a load copied it).
 */
export function lineStartsOf(text: string): Uint32Array {
  let starts = new Uint32Array(1024);
  let lines = 1;
  for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) {
    if (lines === starts.length) {
      const grown = new Uint32Array(lines * 2);
      grown.set(starts);
      starts = grown;
    }
    starts[lines++] = i + 1;
  }
  return starts.slice(0, lines);
}

/**
 * The factor of the line in a {@link documentOf} place: `line * PLACE_LINE + col`, both 0-based,
 * `col` below it. Up to a million lines such a place is a small integer, which V8 keeps in the map
 * itself (a larger number is a heap object per node).
 */
export const PLACE_LINE = 2 ** 10;

/**
 * A {@link FastDocument} over `text` (`lineStarts`: {@link lineStartsOf}) whose mappings and
 * sequences start at the offsets `offsets` holds, or at the places `places` holds (line and
 * column already known: `line * PLACE_LINE + col`, both 0-based).
 */
export function documentOf(
  text: string,
  lineStarts: Readonly<ArrayLike<number>>,
  value: unknown,
  offsets: ReadonlyMap<object, number>,
  places?: ReadonlyMap<object, number>,
): FastDocument {
  const locate = (offset: number): LineCol => {
    let lo = 0, hi = lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (lineStarts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, col: offset - lineStarts[lo]! + 1 };
  };
  return {
    value,
    positionOf(node) {
      const place = places?.get(node);
      if (place !== undefined) {
        const line = Math.floor(place / PLACE_LINE);
        return { line: line + 1, col: place - line * PLACE_LINE + 1 };
      }
      const offset = offsets.get(node);
      return offset === undefined ? undefined : locate(offset);
    },
    lineCount: lineStarts.length,
    text,
    offsetOf: ({ line, col }) => (lineStarts[line - 1] ?? text.length) + col - 1,
    lineColOf: locate,
    line(line) {
      const start = lineStarts[line - 1];
      if (start === undefined) return "";
      const end = lineStarts[line];
      return text.slice(start, end === undefined ? text.length : end - 1);
    },
  };
}
