/** @module Markdown reporter: a summary table and one table of checks per SEP (for PR comments, step summaries). */

import {
  inlineCode,
  markdownCell as cell,
  neutralizeCommands,
} from "../../../0_base/util/escape.ts";
import type { ConformanceResult } from "../result.ts";
import { ratio, STATUS_LABEL, statusLine } from "./_labels.ts";

/** Render as GitHub-flavoured Markdown (every value escaped, no line a CI reads as a command). */
export function renderMarkdown(result: ConformanceResult): string {
  const out: string[] = [];
  out.push(`# MCP conformance: ${cell(result.badge)} (${cell(result.tier)})`, "");
  out.push(`- Server: ${inlineCode(result.server)} (${cell(result.transport)})`);
  out.push(
    `- Target version: ${cell(result.target_version)} (corpus: ${cell(result.corpus_source)})`,
  );
  out.push(`- Negotiated protocol: ${cell(result.protocol_version ?? "none")}`);
  if (result.handshake_error) out.push(`- Handshake: ${cell(result.handshake_error)}`);
  out.push(`- Tier rule: ${cell(result.tier_reason)}`, `- ${statusLine(result)}`, "");
  out.push("| RequirementSeverity | Passed / decided |", "| --- | --- |");
  out.push(
    `| MUST | ${ratio(result.must)} |`,
    `| SHOULD | ${ratio(result.should)} |`,
    `| MAY | ${ratio(result.may)} |`,
    "",
  );
  for (const sep of result.per_sep) {
    out.push(`## SEP-${sep.sep}`, "");
    out.push(
      `${sep.passed}/${sep.tested} passed, ${sep.not_applicable} not applicable, ${sep.not_verified} not verified, ${sep.untested} untested, ${sep.excluded} excluded`,
      "",
    );
    const checks = result.checks.filter((c) => c.sep === sep.sep);
    if (checks.length === 0) continue;
    out.push("| Status | Check | RequirementSeverity | Detail |", "| --- | --- | --- | --- |");
    for (const c of checks) {
      out.push(
        `| ${STATUS_LABEL[c.status]} | ${
          inlineCode(c.check).replace(/\|/g, "\\|")
        } | ${c.severity.toUpperCase()} | ${cell(c.detail ?? "")} |`,
      );
    }
    out.push("");
  }
  return neutralizeCommands(out.join("\n"));
}
