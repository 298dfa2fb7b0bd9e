/** @module A bounded ring of the last stderr lines of a server, for diagnostics. */

/** Keeps the last `capacity` lines. */
export class StderrTail {
  readonly #capacity: number;
  readonly #lines: string[] = [];

  constructor(capacity = 50) {
    this.#capacity = capacity;
  }

  /** Remember a line (the oldest one is dropped when full). */
  add(line: string): void {
    this.#lines.push(line);
    if (this.#lines.length > this.#capacity) this.#lines.shift();
  }

  /** The remembered lines, oldest first. */
  lines(): readonly string[] {
    return [...this.#lines];
  }

  /** The last `count` non-empty lines joined with ` | `, cut to `maxChars`. */
  summary(count = 5, maxChars = 400): string {
    const text = this.#lines.filter((l) => l.trim() !== "").slice(-count).join(" | ");
    return text.length > maxChars ? `...${text.slice(text.length - maxChars)}` : text;
  }
}
