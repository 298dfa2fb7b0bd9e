/** @module Test helper: a scripted session whose answers come back out of order (held for one turn of the event loop, then released in a chosen order). */

import type { Exchange, RequestOptions, Session } from "../../../src/2_connect/session/types.ts";
import { type Scripted, scriptedSession, type Seen } from "./_fake.ts";

/** In which order the requests held in one turn are answered. */
export type AnswerOrder = "asked" | "reversed" | "rotated";

/** A session answering out of order, with what it saw. */
export type ReorderingSession = Session & {
  readonly seen: Seen[];
  /** The most requests that were awaiting their answer at once. */
  readonly maxInFlight: number;
};

/** Put `batch` (asking order) into answering `order`. */
function arrange<T>(batch: T[], order: AnswerOrder): T[] {
  if (order === "reversed") return batch.reverse();
  if (order === "rotated" && batch.length > 1) return [...batch.slice(1), batch[0] as T];
  return batch;
}

/**
 * A stdio session answering with `script`: every request asked for in one turn of the event loop
 * is held, then all of them are answered in `order` (no clock: the turn is the window).
 */
export function reorderingSession(options: {
  readonly protocolVersion: string;
  readonly capabilities: Record<string, unknown>;
  readonly order: AnswerOrder;
  readonly script: (method: string, params: Record<string, unknown>) => Scripted;
}): ReorderingSession {
  const inner = scriptedSession(options);
  const held: Array<() => void> = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const release = () => {
    for (const answer of arrange(held.splice(0), options.order)) answer();
  };
  const hold = (answer: Promise<Exchange>) =>
    new Promise<Exchange>((resolve) => {
      if (held.length === 0) setTimeout(release, 0);
      maxInFlight = Math.max(maxInFlight, ++inFlight);
      held.push(() => {
        inFlight--;
        answer.then(resolve);
      });
    });
  return {
    get server() {
      return inner.server;
    },
    protocolVersion: inner.protocolVersion,
    serverCapabilities: inner.serverCapabilities,
    serverInfo: inner.serverInfo,
    seen: inner.seen,
    get maxInFlight() {
      return maxInFlight;
    },
    request: (method: string, params?: Record<string, unknown>, o?: RequestOptions) =>
      hold(inner.request(method, params, o)),
    notify: (method: string, params?: Record<string, unknown>) => inner.notify(method, params),
    sendRaw: (raw: string, o?: RequestOptions) => hold(inner.sendRaw(raw, o)),
    capture: () => inner.capture(),
    close: () => inner.close(),
  };
}
