/** @module Builds a Frame from raw received text: parse once, keep the bytes, the time and the HTTP facts. */

import type { JsonRpcId } from "../../0_base/protocol/jsonrpc.ts";
import type { Frame, HttpInfo } from "./types.ts";

/** Parse `raw` as JSON and wrap it as a {@link Frame} stamped with `performance.now()`. */
export function makeFrame(raw: string, http?: HttpInfo, inReplyTo?: JsonRpcId): Frame {
  const at = performance.now();
  const extra = {
    ...(http === undefined ? {} : { http }),
    ...(inReplyTo === undefined ? {} : { inReplyTo }),
  };
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
