/** @module Decides whether output is coloured: only on a TTY, never with NO_COLOR or --no-color. */

/** Whether to colour text written to `stream`. */
export function useColor(flag: boolean, stream: { isTerminal(): boolean } = Deno.stdout): boolean {
  if (!flag) return false;
  const noColor = Deno.env.get("NO_COLOR");
  if (noColor !== undefined && noColor !== "") return false;
  return stream.isTerminal();
}
