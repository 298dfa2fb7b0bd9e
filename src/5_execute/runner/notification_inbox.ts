/** @module Every notification a sequence's session receives, in arrival order, and the waits of its `await:` steps on them (events, bounded by the step's timeout). */

import type { JsonRpcMessage } from "../../0_base/protocol/jsonrpc.ts";
import type { Session } from "../../2_connect/session/types.ts";

/** A notification as a target: `{method, params}`. */
export interface NotificationView {
  readonly method: string;
  readonly params?: unknown;
}

/** What a wait came to: the notification taken, or why none was. */
export type Awaited =
  | { readonly found: NotificationView; readonly index: number }
  | { readonly reason: string };

/**
 * The notifications of one session from the moment it is opened, for the `await:` steps of a
 * sequence: each takes the first one that matches and that no earlier wait took.
 */
export class NotificationInbox {
  /** Everything received, in order. */
  readonly received: NotificationView[] = [];
  readonly #taken = new Set<number>();
  #wake: (() => void) | undefined;
  readonly #stop: () => void;
  readonly #settled: (() => Promise<void>) | undefined;

  /** Start collecting `session`'s notifications (needs {@link Session.watch}). */
  constructor(session: Session & Required<Pick<Session, "watch">>) {
    this.#settled = session.settled;
    this.#stop = session.watch((message: JsonRpcMessage) => {
      const { method, params } = message as { method?: unknown; params?: unknown };
      this.received.push({ method: String(method), ...(params === undefined ? {} : { params }) });
      this.#wake?.();
    });
  }

  /** Stop collecting. */
  close(): void {
    this.#stop();
    this.#wake?.();
  }

  /**
   * The first notification not taken yet for which `matches` holds, waiting for new ones as they
   * arrive. Gives up after `timeoutMs`, or at once over a recording that has delivered all it owes
   * (a replay never waits for a server that is not there).
   */
  async take(
    method: string,
    matches: (notification: NotificationView) => Promise<boolean>,
    timeoutMs: number,
  ): Promise<Awaited> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timedOut = new Promise<"timeout">((resolve) => {
      timer = setTimeout(() => resolve("timeout"), timeoutMs);
    });
    try {
      let scanned = 0;
      while (true) {
        for (; scanned < this.received.length; scanned++) {
          const candidate = this.received[scanned]!;
          if (this.#taken.has(scanned) || candidate.method !== method) continue;
          if (!await matches(candidate)) continue;
          this.#taken.add(scanned);
          return { found: candidate, index: scanned };
        }
        const arrived = new Promise<"arrived">((resolve) => {
          const wake = () => resolve("arrived");
          this.#wake = wake;
        });
        const settled = this.#settled ? this.#settled().then(() => "settled" as const) : undefined;
        const why = await Promise.race([arrived, timedOut, ...(settled ? [settled] : [])]);
        if (why === "arrived") continue;
        if (scanned < this.received.length) continue;
        return {
          reason: why === "timeout"
            ? `no ${method} notification matching the step within ${timeoutMs} ms`
            : `the recording holds no ${method} notification matching the step after this point; ` +
              `re-record with: mcptest run --record`,
        };
      }
    } finally {
      clearTimeout(timer);
      this.#wake = undefined;
    }
  }
}
