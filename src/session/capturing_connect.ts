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

/** The capture file value: one session object, or an array for several (seed 003). */
export function captureFileValue(
  captures: readonly CaptureSession[],
): CaptureSession | CaptureSession[] {
  return captures.length === 1 ? captures[0]! : [...captures];
}
