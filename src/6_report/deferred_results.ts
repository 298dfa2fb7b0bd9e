/**
 * @module Results handed to a display one event-loop turn after the runner reports them, in the
 * order reported, so printing a finished test overlaps the next test's round trip instead of
 * delaying its request. Only what is shown waits: verdicts, the record and the exit code do not.
 */

import type { TestResult } from "../4_record/run_record.ts";

/** A queue of finished results on their way to a display. */
export interface DeferredResults {
  /** Queue `result`; it is delivered on a later turn of the event loop (or at {@link drain}). */
  push(result: TestResult): void;
  /** Deliver every queued result now, in order (before anything else is printed, and at the end). */
  drain(): void;
}

/** A queue that hands each result to `deliver`, in push order, a turn after it is pushed. */
export function deferResults(deliver: (result: TestResult) => void): DeferredResults {
  const queue: TestResult[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  const drain = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    // A delivery that pushes again (none does today) is delivered by the same loop.
    while (queue.length > 0) deliver(queue.shift()!);
  };
  return {
    push(result) {
      queue.push(result);
      timer ??= setTimeout(drain, 0);
    },
    drain,
  };
}
