/** @module Newline framing for stdio: buffers partial lines across chunks, tolerates CRLF. */

/** Splits a stream of text chunks into lines (without the terminator). */
export class LineSplitter {
  #buffer = "";

  /** Add a chunk; returns the complete lines it finished. */
  push(chunk: string): string[] {
    this.#buffer += chunk;
    const lines: string[] = [];
    let newline = this.#buffer.indexOf("\n");
    while (newline !== -1) {
      const line = this.#buffer.slice(0, newline);
      lines.push(line.endsWith("\r") ? line.slice(0, -1) : line);
      this.#buffer = this.#buffer.slice(newline + 1);
      newline = this.#buffer.indexOf("\n");
    }
    return lines;
  }

  /** The stream ended: returns the unterminated last line, if any. */
  flush(): string[] {
    const rest = this.#buffer.endsWith("\r") ? this.#buffer.slice(0, -1) : this.#buffer;
    this.#buffer = "";
    return rest === "" ? [] : [rest];
  }
}
