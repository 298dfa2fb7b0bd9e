/** @module HTML reporter: one self-contained page (inline CSS, no scripts, every value escaped). */

import { escapeAttr, safeMarkup } from "../../../0_base/util/escape.ts";
import type { ConformanceResult } from "../result.ts";
import { ratio, STATUS_LABEL, statusLine } from "./_labels.ts";

const CSS = `body{font-family:system-ui,sans-serif;margin:2rem;max-width:70rem}
table{border-collapse:collapse;width:100%;margin-bottom:1.5rem}td,th{border:1px solid #ccc;padding:.3rem .5rem;text-align:left;vertical-align:top}
.badge{display:inline-block;padding:.2rem .6rem;border-radius:.3rem;color:#fff;background:#555}
.tier-1{background:#1a7f37}.tier-2{background:#9a6700}.tier-3{background:#bc4c00}.fail{background:#cf222e}
.s-pass{color:#1a7f37}.s-fail{color:#cf222e;font-weight:bold}.s-not-verified{color:#9a6700}.s-not-applicable,.s-untested{color:#666}`;

/** Render a standalone HTML page (every value escaped, no line a CI reads as a command). */
export function renderHtml(result: ConformanceResult): string {
  const e = escapeAttr;
  const rows = result.per_sep.map((sep) => {
    const checks = result.checks.filter((c) => c.sep === sep.sep).map((c) =>
      `<tr><td class="s-${c.status}">${STATUS_LABEL[c.status]}</td><td><code>${
        e(c.check)
      }</code></td>` +
      `<td>${c.severity.toUpperCase()}</td><td>${e(c.text)}</td><td>${e(c.detail ?? "")}</td></tr>`
    ).join("\n");
    return `<h2>SEP-${sep.sep}</h2>\n<p>${sep.passed}/${sep.tested} passed, ${sep.excluded} excluded</p>\n` +
      (checks === ""
        ? ""
        : `<table><tr><th>Status</th><th>Check</th><th>RequirementSeverity</th><th>Requirement</th><th>Detail</th></tr>\n${checks}</table>`);
  }).join("\n");
  return safeMarkup(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>MCP conformance: ${e(result.server)}</title>
<style>${CSS}</style></head><body>
<h1>MCP conformance <span class="badge ${e(result.tier)}">${e(result.badge)} ${
    e(result.tier)
  }</span></h1>
<p>Server <code>${e(result.server)}</code> (${e(result.transport)}), target ${
    e(result.target_version)
  } (corpus: ${e(result.corpus_source)}), negotiated ${e(result.protocol_version ?? "none")}</p>
<p>${e(result.tier_reason)}</p>
<table><tr><th>MUST</th><th>SHOULD</th><th>MAY</th></tr><tr><td>${ratio(result.must)}</td><td>${
    ratio(result.should)
  }</td><td>${ratio(result.may)}</td></tr></table>
<p>${statusLine(result)}</p>
${rows}
</body></html>
`);
}
