/** @module DNS-rebinding guard: a present Origin header must name a loopback host. */

import type { IncomingMessage } from "node:http";
import { header } from "./wire.ts";

const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]"]);

/** Whether the request may proceed: no Origin, or an Origin on a loopback host. */
export function originAllowed(req: IncomingMessage): boolean {
  const origin = header(req, "origin");
  if (origin === undefined) return true;
  try {
    return LOOPBACK.has(new URL(origin).hostname);
  } catch {
    return false;
  }
}
