/** @module The fast path of YAML loading: js-yaml for the value, plus the start position of every mapping and sequence. */

// @ts-types="@types/js-yaml"
import { load } from "js-yaml";
import { MAX_NESTING } from "../util/nesting.ts";
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
  /** Line `line` (1-based) of the text, without its line break ("" past the end). */
  line(line: number): string;
}

/** Anchors make one node appear in several places: positions by identity would be ambiguous. */
const ANCHOR = /(^|[\s,[{])&[^\s,\]}]/m;

/**
 * Parse `text` quickly, or return undefined when the careful parser must decide (anchors, a
 * document that nests near the limit, or anything js-yaml rejects: the careful path then reports
 * the error with its position).
 */
export function fastParse(text: string): FastDocument | undefined {
  // Most suites hold no `&` at all: the pattern is not run over them.
  if (text.includes("&") && ANCHOR.test(text)) return undefined;
  const lineStarts = lineStartsOf(text);
  // Offsets only (numbers, in a Map: a large document has one entry per mapping and sequence);
  // the line and column are worked out for the few nodes a position is asked for.
  const offsets = new Map<object, number>();
  const open: number[] = [];
  try {
    const value = load(text, {
      schema: SCHEMA,
      listener(event, state) {
        if (event === "open") {
          // Near the nesting limit the careful path decides (it refuses a document too deep
          // with its position): js-yaml, which recurses per level, never goes deeper.
          if (open.push(state.position) > MAX_NESTING) throw new Error("nested too deep");
          return;
        }
        // Only mappings and sequences keep a position: the scan to their first significant
        // character is made for them alone, not for every scalar.
        const start = open.pop();
        if (start !== undefined && state.result !== null && typeof state.result === "object") {
          offsets.set(state.result as object, significant(text, start));
        }
      },
    });
    return documentOf(text, lineStarts, value ?? null, offsets);
  } catch {
    return undefined;
  }
}

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

/** The offset of the start of every line of `text`. */
export function lineStartsOf(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) starts.push(i + 1);
  return starts;
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
  lineStarts: readonly number[],
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
    line(line) {
      const start = lineStarts[line - 1];
      if (start === undefined) return "";
      const end = lineStarts[line];
      return text.slice(start, end === undefined ? text.length : end - 1);
    },
  };
}
