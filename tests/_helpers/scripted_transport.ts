/** @module An in-memory Transport for session unit tests: the test sees every message sent and decides, frame by frame, what the "server" writes back (no process, no socket). */

import type { JsonRpcId, JsonRpcMessage } from "../../src/0_base/protocol/jsonrpc.ts";
import { McpSession } from "../../src/2_connect/session/session.ts";
import type { ServerEndpoint } from "../../src/2_connect/session/types.ts";
import { makeFrame } from "../../src/2_connect/transport/frame.ts";
import type {
  Frame,
  SendOptions,
  Transport,
  TransportEvent,
} from "../../src/2_connect/transport/types.ts";

/** What the scripted server does with one message the client sent. */
export type OnSend = (message: unknown, transport: ScriptedTransport) => void;

/** A transport whose server side is the test: `write()` delivers a line as the server's output. */
export class ScriptedTransport implements Transport {
  readonly label = "scripted://server";
  /** stdio-like by default: one stream each way, in order. */
  readonly inOrder: boolean;
  onFrame: (frame: Frame) => void = () => {};
  onEvent: (event: TransportEvent) => void = () => {};
  /** Every message sent, parsed when it parses (raw frames that do not: the text). */
  readonly sent: unknown[] = [];
  readonly #onSend: OnSend;

  constructor(onSend: OnSend = () => {}, inOrder = true) {
    this.#onSend = onSend;
    this.inOrder = inOrder;
  }

  start(): Promise<void> {
    return Promise.resolve();
  }

  send(message: JsonRpcMessage | string, _options?: SendOptions): Promise<void> {
    let parsed: unknown = message;
    if (typeof message === "string") {
      try {
        parsed = JSON.parse(message);
      } catch {
        parsed = message;
      }
    }
    this.sent.push(parsed);
    // The server reads after the write returns, as a pipe would have it.
    queueMicrotask(() => this.#onSend(parsed, this));
    return Promise.resolve();
  }

  /** The server writes `value` (an object is serialised; a string is written as is). */
  write(value: unknown, inReplyTo?: JsonRpcId): void {
    const text = typeof value === "string" ? value : JSON.stringify(value);
    this.onFrame(makeFrame(text, undefined, inReplyTo));
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}

/** Answer every ping with `{}` (what a server that reads in order does). */
export function answerPings(message: unknown, transport: ScriptedTransport): boolean {
  const { id, method } = (message ?? {}) as { id?: JsonRpcId; method?: string };
  if (method !== "ping" || id === undefined) return false;
  transport.write({ jsonrpc: "2.0", id, result: {} });
  return true;
}

/** A session over a scripted transport (no handshake: requests go out unversioned). */
export function scriptedSession(
  onSend: OnSend,
  options: { inOrder?: boolean; timeoutMs?: number; maxNotificationBytes?: number } = {},
): { session: McpSession; transport: ScriptedTransport } {
  const transport = new ScriptedTransport(onSend, options.inOrder ?? true);
  const server: ServerEndpoint = {
    key: "scripted",
    name: "scripted",
    target: { kind: "stdio", command: ["scripted"], env: {} },
    timeoutMs: options.timeoutMs ?? 60_000,
    ...(options.maxNotificationBytes === undefined
      ? {}
      : { maxNotificationBytes: options.maxNotificationBytes }),
  };
  const session = new McpSession({
    server,
    transport,
    clientInfo: { name: "mcptest", version: "test" },
  });
  return { session, transport };
}
