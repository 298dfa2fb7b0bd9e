/** @module The bench's one table: each measure, mcptest's number, its baseline's, the ratio and the goal. */

/** One row of the table. */
export interface Row {
  readonly measure: string;
  readonly mcptest: string;
  readonly baseline: string;
  /** The number the goal is stated on (a ratio, or an absolute value when there is no baseline). */
  readonly value: string;
  readonly goal: string;
  /** undefined: not measured in this run (the reason is in `value`). */
  readonly met: boolean | undefined;
}

/** Milliseconds for people. */
export const ms = (value: number): string =>
  value >= 1000 ? `${(value / 1000).toFixed(2)} s` : `${value.toFixed(0)} ms`;

/** MiB for people. */
export const mib = (value: number | undefined): string =>
  value === undefined ? "n/a" : `${value.toFixed(0)} MiB`;

/** The table as Markdown (what docs/performance.md shows). */
export function renderTable(rows: readonly Row[]): string {
  const head = ["measure", "mcptest", "baseline", "result", "goal", "met"];
  const lines = [`| ${head.join(" | ")} |`, `|${head.map(() => "---").join("|")}|`];
  for (const r of rows) {
    const met = r.met === undefined ? "n/a" : r.met ? "yes" : "NO";
    lines.push(`| ${[r.measure, r.mcptest, r.baseline, r.value, r.goal, met].join(" | ")} |`);
  }
  return lines.join("\n");
}
