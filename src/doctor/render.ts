/** @module The doctor report for people: the resolved target and its source, then one line per layer. */

import { formatPos } from "../errors/errors.ts";
import { styler } from "../util/ansi.ts";
import type { ServerDiagnosis } from "./types.ts";

/** Render one server's diagnosis. */
export function renderDiagnosis(d: ServerDiagnosis, color: boolean): string {
  const s = styler(color);
  const mark = { ok: s.green("[ OK ]"), fail: s.red("[FAIL]"), "n/a": s.dim("[ -- ]") };
  const from = d.declaredIn ? `${d.source}, ${d.declaredIn}` : d.source;
  const lines = [`${s.bold(d.name)}  ${d.target}  (from ${from})`];
  for (const layer of d.layers) {
    lines.push(`  ${mark[layer.status]} ${layer.layer.padEnd(10)} ${layer.detail}`);
    if (layer.fix) lines.push(`         ${" ".repeat(10)} fix: ${layer.fix}`);
  }
  return lines.join("\n");
}

/** Where a server entry was declared, for the header line. */
export function declaredIn(
  pos: { file: string; line: number; col: number } | undefined,
): string | undefined {
  return pos ? formatPos(pos) : undefined;
}
