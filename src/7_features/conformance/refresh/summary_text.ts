/** @module The text `mcptest conformance refresh` prints: one line per changed file, then a summary line. */

import type { RefreshSummary } from "./refresh.ts";

/** The refresh summary for people (ending in a newline). */
export function renderRefreshSummary(summary: RefreshSummary): string {
  const { added, removed, changed, unchanged } = summary.diff;
  const lines = [
    ...added.map((p) => `added     ${p}`),
    ...removed.map((p) => `removed   ${p}`),
    ...changed.map((p) => `changed   ${p}`),
    `${summary.dryRun ? "dry run: " : ""}${summary.version} from ${summary.ref}: ` +
    `${added.length} added, ${removed.length} removed, ${changed.length} changed, ` +
    `${unchanged.length} unchanged`,
  ];
  return lines.join("\n") + "\n";
}
