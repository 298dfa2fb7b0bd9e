/** @module Chooses and builds the transport for a server target. */

import type { ServerTarget } from "./target.ts";
import { AutoHttpTransport } from "./auto_http.ts";
import { LegacySseTransport } from "./legacy_sse.ts";
import { StdioTransport } from "./stdio.ts";
import { type HttpTransportOptions, StreamableHttpTransport } from "./streamable_http.ts";
import type { Transport } from "./types.ts";

/** Options for {@link createTransport}. */
export interface CreateTransportOptions extends HttpTransportOptions {
  /** How long a stdio close waits after SIGTERM before SIGKILL. */
  readonly killTimeoutMs?: number;
  /** Values hidden in a stdio server's stderr tail (the suite's secrets). */
  readonly secrets?: readonly string[];
}

/**
 * Build (not start) the transport for a target: stdio, Streamable HTTP, legacy HTTP+SSE, or
 * `auto` (Streamable HTTP with fallback to HTTP+SSE).
 */
export function createTransport(
  target: ServerTarget,
  options: CreateTransportOptions = {},
): Transport {
  if (target.kind === "stdio") {
    return new StdioTransport(target, {
      ...(options.killTimeoutMs === undefined ? {} : { killTimeoutMs: options.killTimeoutMs }),
      ...(options.secrets === undefined ? {} : { secrets: options.secrets }),
    });
  }
  switch (target.transport) {
    case "streamable-http":
      return new StreamableHttpTransport(target, options);
    case "sse":
      return new LegacySseTransport(target, options);
    case "auto":
      return new AutoHttpTransport(target, options);
  }
}
