/** @module A printable label of a server target (never includes env or header values). */

import type { ServerTarget } from "../config/types.ts";

/** `stdio://<command words>` for a command, the URL for an HTTP server. */
export function targetLabel(target: ServerTarget): string {
  return target.kind === "stdio" ? `stdio://${target.command.join(" ")}` : target.url;
}
