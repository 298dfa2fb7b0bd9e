/** @module Split a command line into argv the way a POSIX shell would (quotes and backslashes, no expansion). */

/** An unterminated quote in a command line; `message` says which ("unterminated single quote"). */
export class ShellSplitError extends SyntaxError {
  /** The quote character left open. */
  readonly quote: "'" | '"';

  /** An unterminated `quote`. */
  constructor(quote: "'" | '"') {
    super(`unterminated ${quote === "'" ? "single" : "double"} quote`);
    this.name = "ShellSplitError";
    this.quote = quote;
  }
}

/** Characters a backslash escapes inside double quotes (POSIX; a newline is removed with it). */
const DOUBLE_QUOTE_ESCAPES = '"\\$`\n';

/**
 * Split `command` into words as `sh` would, without any expansion (`${...}` interpolation
 * happens earlier, at load):
 * - single quotes keep everything literally;
 * - double quotes keep spaces and honour `\"`, `\\`, `\$` and `` \` ``;
 * - outside quotes a backslash keeps the next character literally;
 * - a backslash before a newline (outside single quotes) joins the lines: both go;
 * - a trailing backslash with nothing after it stays a literal backslash, as in `sh -c 'echo a\'`.
 *
 * @throws {ShellSplitError} on an unterminated quote
 * @example
 * ```ts
 * import { shellSplit } from "./shell_split.ts";
 * shellSplit(`deno run -A "my server.ts"`); // ["deno", "run", "-A", "my server.ts"]
 * ```
 */
export function shellSplit(command: string): string[] {
  const words: string[] = [];
  let word = "";
  let inWord = false;
  let i = 0;
  while (i < command.length) {
    const ch = command[i] as string;
    const next = command[i + 1];
    if (ch === "\\") {
      if (next === undefined) {
        word += ch;
        inWord = true;
      } else if (next !== "\n") {
        word += next;
        inWord = true;
      }
      i += 2;
    } else if (/\s/.test(ch)) {
      if (inWord) words.push(word);
      word = "";
      inWord = false;
      i++;
    } else if (ch === "'") {
      const close = command.indexOf("'", i + 1);
      if (close < 0) throw new ShellSplitError("'");
      word += command.slice(i + 1, close);
      inWord = true;
      i = close + 1;
    } else if (ch === '"') {
      const [text, end] = doubleQuoted(command, i + 1);
      word += text;
      inWord = true;
      i = end + 1;
    } else {
      word += ch;
      inWord = true;
      i++;
    }
  }
  if (inWord) words.push(word);
  return words;
}

/** The text of a double-quoted string starting at `start`, and the index of its closing quote. */
function doubleQuoted(command: string, start: number): [string, number] {
  let text = "";
  let i = start;
  for (;;) {
    if (i >= command.length) throw new ShellSplitError('"');
    const c = command[i] as string;
    if (c === '"') return [text, i];
    const next = command[i + 1];
    if (c === "\\" && next !== undefined && DOUBLE_QUOTE_ESCAPES.includes(next)) {
      if (next !== "\n") text += next;
      i += 2;
    } else {
      text += c;
      i++;
    }
  }
}
