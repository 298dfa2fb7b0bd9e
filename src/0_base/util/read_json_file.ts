/** @module The one JSON reader of files: malformed JSON becomes a ConfigError at file:line:col (exit 2). */

import { ConfigError, type SourcePos } from "../errors/errors.ts";
import { jsonNestingOverflow, MAX_NESTING } from "./nesting.ts";

/** Malformed JSON text: a {@link ConfigError} at the offending `file:line:col` (exit 2). */
export class JsonSyntaxError extends ConfigError {
  /** The parser's reason, without its position or a copy of the text (`Unexpected token ']'`). */
  readonly reason: string;
  /** Where the text stops being JSON. */
  declare readonly pos: SourcePos;
  /** A syntax error at `pos`; `detail` is the message after the position. */
  constructor(detail: string, pos: SourcePos, reason: string) {
    super(detail, pos);
    this.name = "JsonSyntaxError";
    this.reason = reason;
  }
}

/** How a caller words a syntax error: the message after `file:line:col: `. */
export type InvalidJsonDetail = (reason: string) => string;

const DEFAULT_DETAIL: InvalidJsonDetail = (reason) => `invalid JSON: ${reason}`;

/** The 1-based line and column of a UTF-16 offset in `text`. */
export function lineColOf(text: string, offset: number): { line: number; col: number } {
  const before = text.slice(0, Math.max(0, Math.min(offset, text.length)));
  const lines = before.split("\n");
  return { line: lines.length, col: lines[lines.length - 1]!.length + 1 };
}

/** Whether JSON.parse stops on `text` before its end (not merely because the input ran out). */
function failsBeforeEnd(text: string): boolean {
  try {
    JSON.parse(text);
    return false;
  } catch (error) {
    const message = (error as Error).message;
    if (/Unexpected end of JSON input/.test(message)) return false;
    const at = /at position (\d+)/.exec(message);
    return at === null || Number(at[1]) < text.length;
  }
}

/**
 * The offset where `text` stops being JSON, when the runtime's message does not give one
 * (`Unexpected token ']', "[1,]" is not valid JSON`): the shortest prefix that fails for another
 * reason than its end. Every shorter prefix is JSON or merely incomplete, so this is monotone.
 */
function offsetByPrefix(text: string): number {
  let low = 0;
  let high = text.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (failsBeforeEnd(text.slice(0, mid + 1))) high = mid;
    else low = mid + 1;
  }
  return low;
}

/** The offset of a SyntaxError of JSON.parse(text): from its message when given, else searched. */
function offsetOf(message: string, text: string): number {
  const at = /at position (\d+)/.exec(message);
  if (at) return Number(at[1]);
  if (/Unexpected end of JSON input/.test(message)) return text.length;
  return offsetByPrefix(text);
}

/** The parser's reason without its position and without the copy of the text V8 appends. */
function reasonOf(message: string): string {
  return message
    .replace(/ in JSON at position \d+.*$/s, "")
    .replace(/, (\.\.\.)?".*"(\.\.\.)? is not valid JSON$/s, "")
    .replace(/ \(line \d+ column \d+\)$/, "");
}

/**
 * `JSON.parse(text)`; a syntax error becomes a {@link JsonSyntaxError} at `file:line:col`, by
 * default `file:line:col: invalid JSON: <reason>`; `detail` words it otherwise.
 *
 * @example
 * ```ts
 * import { parseJsonText } from "./read_json_file.ts";
 * try {
 *   parseJsonText('{"a" 1}', "a.json");
 * } catch (error) {
 *   (error as Error).message; // "a.json:1:6: invalid JSON: Expected ':' after property name"
 * }
 * ```
 */
export function parseJsonText(
  text: string,
  file: string,
  detail: InvalidJsonDetail = DEFAULT_DETAIL,
): unknown {
  const deep = jsonNestingOverflow(text);
  if (deep >= 0) {
    const reason = `nested deeper than ${MAX_NESTING} levels (the most mcptest reads)`;
    throw new JsonSyntaxError(detail(reason), { file, ...lineColOf(text, deep) }, reason);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    if (!(error instanceof SyntaxError)) throw error;
    const reason = reasonOf(error.message);
    const pos = { file, ...lineColOf(text, offsetOf(error.message, text)) };
    throw new JsonSyntaxError(detail(reason), pos, reason);
  }
}

/** Options of {@link readJsonFile}. */
export interface ReadJsonFileOptions {
  /** The file as messages name it (default: the path read). */
  readonly shown?: string;
  /** How a syntax error is worded after `file:line:col: ` (default `invalid JSON: <reason>`). */
  readonly detail?: InvalidJsonDetail;
}

/**
 * Read and parse a JSON file. Errors of reading (`Deno.errors.NotFound`, permission) are thrown
 * unchanged, so each caller words them (or treats a missing file as absent).
 * @throws {JsonSyntaxError} malformed JSON, at `file:line:col` (exit 2)
 */
export async function readJsonFile(
  path: string,
  options: ReadJsonFileOptions = {},
): Promise<unknown> {
  const text = await Deno.readTextFile(path);
  return parseJsonText(text, options.shown ?? path, options.detail);
}
