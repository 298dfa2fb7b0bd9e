/** @module The doctor's verdicts: one line per failure layer, per server. */

import type { TargetSource } from "../../2_connect/session/types.ts";
import type { FailureLayer } from "../../2_connect/transport/types.ts";

/** The layers of a URL target (seven) and of a stdio target (four): the transport's failure layers. */
export type LayerName = FailureLayer;

/** The verdict on one layer. */
export interface LayerResult {
  /** The layer checked. */
  readonly layer: LayerName;
  /** `n/a`: the layer does not apply (TLS for http://). */
  readonly status: "ok" | "fail" | "n/a";
  /** What was seen (the symptom when it failed). */
  readonly detail: string;
  /** What to fix, when it failed. */
  readonly fix?: string;
}

/** One server walked through its layers. */
export interface ServerDiagnosis {
  /** The server's name. */
  readonly name: string;
  /** Redacted target label. */
  readonly target: string;
  /** Where the target came from. */
  readonly source: TargetSource;
  /** Where the source declared it (file), when known. */
  readonly declaredIn?: string;
  /** The verdict of each layer, outermost first. */
  readonly layers: readonly LayerResult[];
}

/** A layer passed. */
export const ok = (layer: LayerName, detail: string): LayerResult => ({
  layer,
  status: "ok",
  detail,
});

/** A layer failed: the symptom and the fix. */
export const failed = (layer: LayerName, detail: string, fix: string): LayerResult => ({
  layer,
  status: "fail",
  detail,
  fix,
});

/** Race a promise against a timeout; the timer never outlives the race. */
export async function within<T>(ms: number, what: string, work: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
