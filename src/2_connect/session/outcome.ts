/** @module How transport errors become Exchange outcomes. */

import { TransportError } from "../transport/transport_error.ts";
import type { Outcome } from "./pending.ts";

/** Map a failed send onto an Exchange outcome (network failures count as kind `http`). */
export function outcomeOf(error: unknown): Outcome {
  if (!(error instanceof TransportError)) {
    return {
      failure: { kind: "closed", message: error instanceof Error ? error.message : String(error) },
    };
  }
  const kind = error.kind === "network" ? "http" : error.kind;
  const failure = {
    kind,
    message: error.message,
    ...(error.layer === undefined ? {} : { layer: error.layer }),
  };
  return error.http === undefined ? { failure } : { failure, http: error.http };
}
