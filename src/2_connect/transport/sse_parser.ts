/** @module A Server-Sent Events parser (WHATWG event-stream rules): fields, multi-line data, ids, retry, comments; linear in event size, with a size cap. */

import { DEFAULT_MAX_MESSAGE_BYTES, messageCapMessage } from "./line_splitter.ts";
import { TransportError } from "./transport_error.ts";

/** One dispatched SSE event. */
export interface SseEvent {
  /** The event type (`message` when the block had no `event:` field). */
  readonly event: string;
  /** The data lines joined with `\n`. */
  readonly data: string;
  /** The last event id seen on the stream so far ("" when none). */
  readonly id: string;
  /** The reconnection time set by a `retry:` field in this block, if any. */
  readonly retry?: number;
}

/** Callbacks of a {@link SseParser}. */
export interface SseHandlers {
  readonly onEvent: (event: SseEvent) => void;
  /**
   * Largest event accepted, in UTF-16 code units of its pending text (default 16 Mi); past it
   * `push` throws a framing TransportError naming the cap and `max_message_bytes`.
   */
  readonly maxEventBytes?: number | undefined;
  /** Comment lines (`: text`), without the colon and one leading space. */
  readonly onComment?: (text: string) => void;
}

/** Incremental parser: feed decoded text chunks in order, then call `end()`. */
export class SseParser {
  readonly #handlers: SseHandlers;
  #partial: string[] = [];
  #partialLength = 0;
  #started = false;
  #pendingCr = false;
  #eventType = "";
  #data: string[] = [];
  #dataLength = 0;
  #hasData = false;
  #lastId = "";
  #retry: number | undefined;
  #blockRetry: number | undefined;

  constructor(handlers: SseHandlers) {
    this.#handlers = handlers;
  }

  /** The reconnection time (ms) last set by the server, if any. */
  get retry(): number | undefined {
    return this.#retry;
  }

  /** The last event id seen ("" when none). */
  get lastEventId(): string {
    return this.#lastId;
  }

  /** Feed the next chunk of decoded text. */
  push(chunk: string): void {
    let text = chunk;
    if (!this.#started && text.length > 0) {
      this.#started = true;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    if (this.#pendingCr && text.startsWith("\n")) text = text.slice(1);
    this.#pendingCr = false;
    // Only the new text is scanned; a partial line is kept as a list of pieces, joined once when
    // its line break arrives (linear in the line's size).
    let start = 0;
    for (let i = 0; i < text.length; i++) {
      const ch = text.charCodeAt(i);
      if (ch !== 0x0a && ch !== 0x0d) continue;
      this.#partial.push(text.slice(start, i));
      const line = this.#partial.join("");
      this.#partial = [];
      this.#partialLength = 0;
      this.#line(line);
      if (ch === 0x0d) {
        if (i + 1 === text.length) this.#pendingCr = true;
        else if (text.charCodeAt(i + 1) === 0x0a) i++;
      }
      start = i + 1;
    }
    if (start < text.length) {
      this.#partial.push(text.slice(start));
      this.#partialLength += text.length - start;
    }
    const max = this.#handlers.maxEventBytes ?? DEFAULT_MAX_MESSAGE_BYTES;
    if (this.#partialLength + this.#dataLength > max) {
      this.#partial = [];
      this.#partialLength = 0;
      this.#reset();
      throw new TransportError("http", messageCapMessage(max, "SSE event"), { layer: "framing" });
    }
  }

  /** The stream ended: an unterminated event is discarded, as the standard requires. */
  end(): void {
    this.#partial = [];
    this.#partialLength = 0;
    this.#reset();
  }

  #line(line: string): void {
    if (line === "") return this.#dispatch();
    if (line.startsWith(":")) {
      const text = line.slice(1);
      this.#handlers.onComment?.(text.startsWith(" ") ? text.slice(1) : text);
      return;
    }
    const colon = line.indexOf(":");
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? "" : line.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    switch (field) {
      case "event":
        this.#eventType = value;
        break;
      case "data":
        this.#data.push(value);
        this.#dataLength += value.length;
        this.#hasData = true;
        break;
      case "id":
        if (!value.includes("\0")) this.#lastId = value;
        break;
      case "retry":
        if (/^\d+$/.test(value)) this.#retry = Number(value);
        this.#blockRetry = this.#retry;
        break;
    }
  }

  #dispatch(): void {
    if (!this.#hasData) {
      this.#reset();
      return;
    }
    const event: SseEvent = {
      event: this.#eventType === "" ? "message" : this.#eventType,
      data: this.#data.join("\n"),
      id: this.#lastId,
      ...(this.#blockRetry === undefined ? {} : { retry: this.#blockRetry }),
    };
    this.#reset();
    this.#handlers.onEvent(event);
  }

  #reset(): void {
    this.#eventType = "";
    this.#data = [];
    this.#dataLength = 0;
    this.#hasData = false;
    this.#blockRetry = undefined;
  }
}

/**
 * Read a byte stream as SSE events. Resolves when the stream ends; rejects when reading fails
 * (abort, network error).
 */
export async function readSse(
  stream: ReadableStream<Uint8Array>,
  handlers: SseHandlers,
  signal?: AbortSignal,
): Promise<void> {
  const parser = new SseParser(handlers);
  const decoder = new TextDecoder();
  const reader = stream.getReader();
  const cancel = () => void reader.cancel(signal?.reason).catch(() => {});
  signal?.addEventListener("abort", cancel, { once: true });
  try {
    signal?.throwIfAborted();
    while (true) {
      const { value, done } = await reader.read();
      if (done) break;
      parser.push(decoder.decode(value, { stream: true }));
    }
    parser.push(decoder.decode());
    parser.end();
    signal?.throwIfAborted();
  } finally {
    signal?.removeEventListener("abort", cancel);
    reader.releaseLock();
  }
}
