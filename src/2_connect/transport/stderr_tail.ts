/** @module A bounded ring of the last stderr lines of a server, for diagnostics (secrets hidden). */

import { createRedactor, type Redactor } from "../../0_base/redaction/redactor.ts";

/** Keeps the last `capacity` lines. */
export class StderrTail {
  readonly #capacity: number;
  readonly #lines: string[] = [];
  readonly #redactor: Redactor;

  /** @param secrets values hidden in every line read back (a multi-line secret line by line too) */
  constructor(capacity = 50, secrets: readonly string[] = []) {
    this.#capacity = capacity;
    this.#redactor = createRedactor(tailSecrets(secrets));
  }

  /** Remember a line (the oldest one is dropped when full). */
  add(line: string): void {
    this.#lines.push(line);
    if (this.#lines.length > this.#capacity) this.#lines.shift();
  }

  /** The remembered lines, oldest first, with the secrets redacted. */
  lines(): readonly string[] {
    if (!this.#redactor.active) return [...this.#lines];
    // Redact the joined text, so a secret that spans lines (a PEM key) is found whole.
    return this.#redactor.text(this.#lines.join("\n")).split("\n");
  }

  /** The last `count` non-empty lines joined with ` | `, cut to `maxChars`. */
  summary(count = 5, maxChars = 400): string {
    const text = this.lines().filter((l) => l.trim() !== "").slice(-count).join(" | ");
    return text.length > maxChars ? `...${text.slice(text.length - maxChars)}` : text;
  }
}

/** The secrets, plus each line of a multi-line secret (the ring may keep only its tail). */
function tailSecrets(secrets: readonly string[]): string[] {
  const pieces = secrets.flatMap((s) =>
    s.includes("\n") ? s.split(/\r?\n/).filter((p) => p.trim().length >= 4) : []
  );
  return [...secrets, ...pieces];
}
