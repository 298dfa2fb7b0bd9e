/** @module Builds a Frame from raw received text: parse once, keep the bytes, the time and the HTTP facts. */

import type { JsonRpcId } from "../../0_base/protocol/jsonrpc.ts";
import type { Frame, HttpInfo } from "./types.ts";
import { jsonNestingOverflow, MAX_NESTING } from "../../0_base/util/nesting.ts";

/**
 * Parse `raw` as JSON and wrap it as a {@link Frame} stamped with `performance.now()`. A message
 * nested deeper than {@link MAX_NESTING} levels is a frame that does not parse: nothing downstream
 * (matchers, redaction, reporters) ever walks it.
 */
export function makeFrame(raw: string, http?: HttpInfo, inReplyTo?: JsonRpcId): Frame {
  const at = performance.now();
  const extra = {
    ...(http === undefined ? {} : { http }),
    ...(inReplyTo === undefined ? {} : { inReplyTo }),
  };
  // Each level takes a bracket: a text no longer than the limit cannot pass it (most frames).
  if (raw.length > MAX_NESTING && jsonNestingOverflow(raw) >= 0) {
    return { raw, parseError: `nested deeper than ${MAX_NESTING} levels`, at, ...extra };
  }
  try {
    return { raw, message: JSON.parse(raw), at, ...extra };
  } catch (error) {
    return {
      raw,
      parseError: error instanceof Error ? error.message : String(error),
      at,
      ...extra,
    };
  }
}

/** The id of a JSON-RPC request object (or undefined for notifications, strings and non-objects). */
export function requestIdOf(message: unknown): JsonRpcId | undefined {
  if (typeof message === "string") {
    try {
      return requestIdOf(JSON.parse(message));
    } catch {
      return undefined;
    }
  }
  if (typeof message !== "object" || message === null || !("method" in message)) return undefined;
  const id = (message as { id?: unknown }).id;
  return typeof id === "string" || typeof id === "number" ? id : undefined;
}
