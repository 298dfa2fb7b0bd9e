/** @module `--verbose` frame lines: each JSON-RPC frame sent (`>`) and received (`<`), redacted and terminal-safe, on stderr. */

import { createRedactor } from "../0_base/redaction/redactor.ts";
import type { FrameObserver } from "../2_connect/session/types.ts";
import { escapeControls, terminalSafe } from "../0_base/util/escape.ts";

/**
 * One frame as a line: `> server {...}` for a frame sent, `< server {...}` for one received.
 * The run's secrets are hidden, control characters (ESC, and the newlines of a pretty-printed
 * HTTP body) show as `\uXXXX`, and the line cannot read as a CI workflow command.
 *
 * @example
 * ```ts
 * frameLine("sent", "items", '{"token":"abc"}', ["abc"]); // '> items {"token":"[REDACTED]"}'
 * ```
 */
export function frameLine(
  direction: "sent" | "received",
  server: string,
  text: string,
  secrets: readonly string[],
): string {
  const arrow = direction === "sent" ? ">" : "<";
  const body = createRedactor(secrets).text(text);
  return terminalSafe(escapeControls(`${arrow} ${server} ${body}`));
}

/**
 * The observer `mcptest run --verbose` hands to runSuite: prints {@link frameLine} to stderr.
 * `secrets` is read at each frame (a live list: tokens learnt mid-run are hidden too);
 * `beforeWrite` clears a progress line first.
 */
export function printFrames(
  secrets: { readonly list: readonly string[] },
  beforeWrite: () => void = () => {},
): FrameObserver {
  return (direction, server, text) => {
    beforeWrite();
    console.error(frameLine(direction, server, text, secrets.list));
  };
}
