/** @module Newline framing for stdio: linear in line size (chunk list, one join per line), CRLF tolerated, a byte cap per line. */

import { concatBytes } from "../../0_base/util/concat_bytes.ts";

/** The default cap of one stdio message (one line), in bytes: 16 MiB. */
export const DEFAULT_MAX_MESSAGE_BYTES = 16 * 1024 * 1024;

/** Options of a {@link LineSplitter}. */
export interface LineSplitterOptions {
  /** Longest line kept, in bytes (without the terminator); default {@link DEFAULT_MAX_MESSAGE_BYTES}. */
  readonly maxBytes?: number;
  /**
   * Called once for each line that grows past `maxBytes`, as soon as it does (the line is then
   * dropped up to its newline, and splitting resumes after it).
   */
  readonly onOverflow?: (maxBytes: number) => void;
}

const NEWLINE = 0x0a;
const CR = "\r";
const encoder = new TextEncoder();

/**
 * Splits a byte stream into lines (without the terminator). Partial lines are kept as a list of
 * chunks and joined once when their newline arrives, so a line of N bytes costs O(N) however many
 * chunks it spans. Each line is decoded as UTF-8 on its own (a newline byte never occurs inside a
 * multi-byte sequence).
 */
export class LineSplitter {
  readonly #maxBytes: number;
  readonly #onOverflow: (maxBytes: number) => void;
  readonly #decoder = new TextDecoder();
  #parts: Uint8Array[] = [];
  #size = 0;
  #dropping = false;

  constructor(options: LineSplitterOptions = {}) {
    this.#maxBytes = options.maxBytes ?? DEFAULT_MAX_MESSAGE_BYTES;
    this.#onOverflow = options.onOverflow ?? (() => {});
  }

  /** Add a chunk (bytes, or text that is UTF-8 encoded); returns the complete lines it finished. */
  push(chunk: Uint8Array | string): string[] {
    const bytes = typeof chunk === "string" ? encoder.encode(chunk) : chunk;
    const lines: string[] = [];
    let start = 0;
    while (start < bytes.length) {
      const newline = bytes.indexOf(NEWLINE, start);
      if (newline === -1) {
        // A partial line outlives this chunk, whose buffer the reader may reuse: keep a copy.
        this.#append(bytes.slice(start));
        break;
      }
      this.#append(bytes.subarray(start, newline));
      if (this.#dropping) this.#dropping = false;
      else lines.push(this.#take());
      start = newline + 1;
    }
    return lines;
  }

  /** The stream ended: returns the unterminated last line, if any (never an over-cap one). */
  flush(): string[] {
    if (this.#dropping) {
      this.#dropping = false;
      return [];
    }
    const rest = this.#take();
    return rest === "" ? [] : [rest];
  }

  #append(bytes: Uint8Array): void {
    if (this.#dropping || bytes.length === 0) return;
    if (this.#size + bytes.length > this.#maxBytes) {
      this.#parts = [];
      this.#size = 0;
      this.#dropping = true;
      this.#onOverflow(this.#maxBytes);
      return;
    }
    this.#parts.push(bytes);
    this.#size += bytes.length;
  }

  #take(): string {
    const joined = concatBytes(this.#parts);
    this.#parts = [];
    this.#size = 0;
    const line = this.#decoder.decode(joined);
    return line.endsWith(CR) ? line.slice(0, -1) : line;
  }
}

/** A byte count for messages: `16 MiB`, `512 KiB` or `100 bytes`. */
export function formatBytes(bytes: number): string {
  const mib = 1024 * 1024;
  if (bytes >= mib && bytes % mib === 0) return `${bytes / mib} MiB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KiB`;
  return `${bytes} bytes`;
}

/**
 * The failure text when a server message passes the cap: names the cap and how to raise it.
 * `where` says which framing (`stdio line`, `HTTP response body`, `SSE event`).
 */
export function messageCapMessage(maxBytes: number, where = "stdio line"): string {
  return `server message (${where}) is larger than the ${
    formatBytes(maxBytes)
  } cap (${maxBytes} bytes); raise max_message_bytes on the server entry to accept it`;
}
