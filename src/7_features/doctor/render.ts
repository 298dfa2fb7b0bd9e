/** @module The doctor report for people: the resolved target and its source, then one line per layer. */

import { formatPos } from "../../0_base/errors/errors.ts";
import { styler } from "../../0_base/util/ansi.ts";
import { escapeStrings, neutralizeCommands } from "../../0_base/util/escape.ts";
import type { ServerDiagnosis } from "./types.ts";

const FIX_INDENT = " ".repeat(20);

/**
 * Render one server's diagnosis. What a server said (its serverInfo, an error body) shows with
 * control characters as `\uXXXX`, continuation lines indented, and no line a CI reads as a
 * workflow command.
 */
export function renderDiagnosis(diagnosis: ServerDiagnosis, color: boolean): string {
  const d = escapeStrings(diagnosis);
  const s = styler(color);
  const mark = { ok: s.green("[ OK ]"), fail: s.red("[FAIL]"), "n/a": s.dim("[ -- ]") };
  const from = d.declaredIn ? `${d.source}, ${d.declaredIn}` : d.source;
  const lines = [`${s.bold(oneLine(d.name))}  ${oneLine(d.target)}  (from ${oneLine(from)})`];
  for (const layer of d.layers) {
    const label = Object.hasOwn(mark, layer.status) ? mark[layer.status] : mark["n/a"];
    lines.push(`  ${label} ${layer.layer.padEnd(10)} ${indent(layer.detail)}`);
    if (layer.fix) lines.push(`         ${" ".repeat(10)} fix: ${indent(layer.fix)}`);
  }
  return neutralizeCommands(lines.join("\n"));
}

/** Where a server entry was declared, for the header line. */
export function declaredIn(
  pos: { file: string; line: number; col: number } | undefined,
): string | undefined {
  return pos ? formatPos(pos) : undefined;
}

function indent(text: string): string {
  return text.replace(/\n/g, `\n${FIX_INDENT}`);
}

function oneLine(text: string): string {
  return text.replace(/\n/g, " ");
}
