/** @module A scripted stand-in for the fuzzed server (no process): answers tools/call by a handler, counts restarts. */

import type { Exchange } from "../../../src/2_connect/session/types.ts";
import type { CaseSender } from "../../../src/7_features/fuzz/fuzz_target.ts";

/** What the handler answers: a result, a JSON-RPC error, or a transport failure. */
export type FakeAnswer =
  | { result: unknown }
  | { error: { code: number; message: string } }
  | { failure: "closed" | "timeout" };

/** A sender that answers every request with `handler(params)`; `drops` counts restarts asked for. */
export function fakeSender(handler: (params: Record<string, unknown>) => FakeAnswer) {
  const sender = {
    calls: 0,
    drops: 0,
    request(method: string, params: Record<string, unknown>): Promise<Exchange> {
      sender.calls++;
      const answer = handler(params);
      const request = { jsonrpc: "2.0" as const, id: sender.calls, method, params };
      if ("failure" in answer) {
        return Promise.resolve({
          request,
          failure: { kind: answer.failure, message: `fake ${answer.failure}` },
          durationMs: 0,
          notifications: [],
        });
      }
      return Promise.resolve({
        request,
        response: { jsonrpc: "2.0", id: sender.calls, ...answer } as Exchange["response"] & object,
        durationMs: 0,
        notifications: [],
      });
    },
    drop(): Promise<void> {
      sender.drops++;
      return Promise.resolve();
    },
  };
  return sender satisfies CaseSender;
}

/** A text result. */
export function ok(text = "ok"): FakeAnswer {
  return { result: { content: [{ type: "text", text }] } };
}

/** A tool error result. */
export function toolError(text = "bad input"): FakeAnswer {
  return { result: { content: [{ type: "text", text }], isError: true } };
}
