/** @module Split a command string into argv the way a POSIX shell would (quotes and backslashes, no expansion). */

/**
 * Split `command` into words. Single quotes keep everything literally; double quotes keep
 * spaces and honour `\"`, `\\`, `\$` and `` \` ``; a backslash outside quotes escapes the next
 * character. Nothing is expanded (`${...}` interpolation happens earlier, at load).
 * @throws {SyntaxError} on an unterminated quote or a trailing backslash
 */
export function shellSplit(command: string): string[] {
  const words: string[] = [];
  let word = "";
  let inWord = false;
  let i = 0;
  while (i < command.length) {
    const ch = command[i] as string;
    if (/\s/.test(ch)) {
      if (inWord) words.push(word);
      word = "";
      inWord = false;
      i++;
    } else if (ch === "'") {
      const close = command.indexOf("'", i + 1);
      if (close < 0) throw new SyntaxError("unterminated single quote");
      word += command.slice(i + 1, close);
      inWord = true;
      i = close + 1;
    } else if (ch === '"') {
      i++;
      inWord = true;
      for (;;) {
        if (i >= command.length) throw new SyntaxError("unterminated double quote");
        const c = command[i] as string;
        if (c === '"') break;
        const next = command[i + 1];
        if (c === "\\" && next !== undefined && '"\\$`'.includes(next)) {
          word += next;
          i += 2;
        } else {
          word += c;
          i++;
        }
      }
      i++;
    } else if (ch === "\\") {
      const next = command[i + 1];
      if (next === undefined) throw new SyntaxError("trailing backslash");
      word += next;
      inWord = true;
      i += 2;
    } else {
      word += ch;
      inWord = true;
      i++;
    }
  }
  if (inWord) words.push(word);
  return words;
}
