/** @module Records a session's wire traffic in the seed-003 capture format, in send order. */

import type { CaptureSession, ServerMessage } from "./types.ts";

interface Entry {
  request: unknown;
  response?: unknown;
}

/** An append-only log of client exchanges and server-initiated messages. */
export class CaptureLog {
  readonly #enabled: boolean;
  readonly #entries: Entry[] = [];
  readonly #serverMessages: ServerMessage[] = [];
  readonly #budget: number;
  #serverBytes = 0;
  readonly #dropped = { messages: 0, bytes: 0 };
  #sent = 0;

  /**
   * With `enabled` false nothing is kept (capture() returns empty lists). `budget`: how many bytes
   * of server messages are kept at most.
   */
  constructor(enabled = true, budget = Infinity) {
    this.#enabled = enabled;
    this.#budget = budget;
  }

  /** Log something the client sent; returns a handle for {@link respond}. */
  sent(request: unknown): number {
    this.#sent++;
    if (!this.#enabled) return -1;
    return this.#entries.push({ request }) - 1;
  }

  /** Attach the response to a logged request. */
  respond(handle: number, response: unknown): void {
    const entry = this.#entries[handle];
    if (entry) entry.response = response;
  }

  /** How many messages the client has sent so far (counted even when nothing is kept). */
  get sentCount(): number {
    return this.#sent;
  }

  /** How many server messages are logged so far (a position to slice the capture from). */
  get serverMessageCount(): number {
    return this.#serverMessages.length;
  }

  /**
   * Log a message the server sent on its own (`bytes`: its size on the wire). Past the byte
   * budget of the capture nothing more is kept (a flood cannot exhaust memory): the capture then
   * ends with one entry saying how many messages and bytes were left out.
   */
  server(message: ServerMessage, bytes = 0): void {
    if (!this.#enabled) return;
    this.#serverBytes += bytes;
    if (this.#serverBytes <= this.#budget) {
      this.#serverMessages.push(message);
      return;
    }
    this.#dropped.messages++;
    this.#dropped.bytes += bytes;
  }

  /** The capture so far (a copy). */
  snapshot(label: string, capabilities: Record<string, unknown> | null): CaptureSession {
    return {
      server_label: label,
      server_capabilities: capabilities,
      exchanges: this.#entries.map((e) =>
        "response" in e ? { request: e.request, response: e.response } : { request: e.request }
      ),
      ...(this.#serverMessages.length === 0 ? {} : { server_messages: [...this.#serverMessages] }),
      ...(this.#dropped.messages === 0 ? {} : { server_messages_dropped: { ...this.#dropped } }),
    };
  }
}
