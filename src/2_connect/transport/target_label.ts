/** @module A printable label of a server target (never includes env or header values). */

import type { ServerTarget } from "./target.ts";

/**
 * `stdio://<command words>` for a stdio command, the URL for an HTTP server: the one label the
 * run record, the conformance report and the doctor print for a target.
 *
 * @example
 * ```ts
 * import { targetLabel } from "./target_label.ts";
 * targetLabel({ kind: "stdio", command: ["deno", "run", "s.ts"], env: { TOKEN: "x" } });
 * // "stdio://deno run s.ts"
 * ```
 */
export function targetLabel(target: ServerTarget): string {
  return target.kind === "stdio" ? `stdio://${target.command.join(" ")}` : target.url;
}
