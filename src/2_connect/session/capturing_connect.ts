/** @module Wraps a connect function so each session hands its capture to a sink when it closes. */

import type { ServerEndpoint } from "./types.ts";
import type { CaptureSession, Session } from "./types.ts";

/** `open`, plus: every session's capture goes to `sink` right before the session closes (once). */
export function capturingConnect<S extends ServerEndpoint>(
  open: (server: S) => Promise<Session>,
  sink: (capture: CaptureSession) => void,
): (server: S) => Promise<Session> {
  return async (server) => {
    const session = await open(server);
    const close = session.close.bind(session);
    let captured = false;
    return Object.assign(session, {
      close: async () => {
        if (!captured) {
          captured = true;
          sink(session.capture());
        }
        await close();
      },
    });
  };
}

/**
 * One label per connection: the first session with a label keeps it, the next ones to the same
 * target get `<label>#2`, `<label>#3`... (two connections to one server, e.g. the tests and a
 * compliance block). The composition hazard check reads the `#N` suffix as "same server".
 */
export function distinctLabels(captures: readonly CaptureSession[]): CaptureSession[] {
  const seen = new Map<string, number>();
  return captures.map((capture) => {
    const count = (seen.get(capture.server_label) ?? 0) + 1;
    seen.set(capture.server_label, count);
    return count === 1 ? capture : { ...capture, server_label: `${capture.server_label}#${count}` };
  });
}

/**
 * The capture file value: one session object, or an array for several (seed 003), one per
 * connection, with distinct labels ({@link distinctLabels}).
 */
export function captureFileValue(
  captures: readonly CaptureSession[],
): CaptureSession | CaptureSession[] {
  const labelled = distinctLabels(captures);
  return labelled.length === 1 ? labelled[0]! : labelled;
}
