/** @module Parses JSON text and turns a syntax error into a file:line:col ConfigError. */

import { ConfigError } from "../errors/errors.ts";

/** The 1-based line and column of a character offset in `text`. */
export function lineCol(text: string, offset: number): { line: number; col: number } {
  const before = text.slice(0, Math.max(0, Math.min(offset, text.length)));
  const lines = before.split("\n");
  return { line: lines.length, col: lines[lines.length - 1]!.length + 1 };
}

/**
 * `JSON.parse(text)`; a syntax error becomes a ConfigError at `file:line:col` (exit 2) with the
 * parser's reason, e.g. `old.json:3:6: invalid JSON: Expected ':' after property name`.
 */
export function parseJsonAt(text: string, file: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const reason = message.replace(/ in JSON at position \d+.*$/s, "").replace(
      / \(line \d+ column \d+\)$/,
      "",
    );
    const lc = /\(line (\d+) column (\d+)\)/.exec(message);
    const at = /at position (\d+)/.exec(message);
    const pos = lc
      ? { line: Number(lc[1]), col: Number(lc[2]) }
      : at
      ? lineCol(text, Number(at[1]))
      : lineCol(text, text.length);
    throw new ConfigError(`invalid JSON: ${reason}`, { file, ...pos });
  }
}
