/** @module One live session with the fuzzed server, restarted after it crashed or hung. */

import { connect } from "../../2_connect/session/connect.ts";
import type { Exchange, ServerEndpoint, Session } from "../../2_connect/session/types.ts";

/** Holds the session; `call` reconnects when the last one was dropped. */
export class ServerPool {
  #session: Session | undefined;
  #restarts = 0;
  #started = false;

  /** A pool for `server`, each request bounded by `timeoutMs`. */
  constructor(
    readonly server: ServerEndpoint,
    readonly timeoutMs: number,
    readonly secrets: readonly string[] = [],
  ) {}

  /** How many times the server was started again after the first time. */
  get restarts(): number {
    return this.#restarts;
  }

  /** The live session (connecting, or reconnecting after a drop). @throws ConnectError */
  async session(): Promise<Session> {
    if (this.#session) return this.#session;
    if (this.#started) this.#restarts++;
    this.#started = true;
    this.#session = await connect(this.server, {
      capture: false,
      timeoutMs: this.timeoutMs,
      secrets: this.secrets,
    });
    return this.#session;
  }

  /** Send one request on the live session. @throws ConnectError when the server cannot start */
  async request(method: string, params: Record<string, unknown>): Promise<Exchange> {
    const session = await this.session();
    return await session.request(method, params, { timeoutMs: this.timeoutMs });
  }

  /** Close and forget the session: the next request starts the server again. */
  async drop(): Promise<void> {
    const session = this.#session;
    this.#session = undefined;
    await session?.close();
  }

  /** Close the session for good. */
  async close(): Promise<void> {
    await this.drop();
  }
}
