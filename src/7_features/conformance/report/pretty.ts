/** @module Pretty reporter: the tier badge, the counts, then every check grouped by SEP. */

import type { Styler } from "../../../0_base/util/ansi.ts";
import { escapeStrings, neutralizeCommands } from "../../../0_base/util/escape.ts";
import type { ConformanceResult } from "../result.ts";
import type { CheckStatus } from "../types.ts";
import { ratio, STATUS_LABEL, statusLine } from "./_labels.ts";

/**
 * Render for a terminal (colour through `style`). Control characters in the result's text show as
 * `\uXXXX` and no line reads as a CI workflow command.
 */
export function renderPretty(raw: ConformanceResult, style: Styler): string {
  const result = escapeStrings(raw);
  const paint: Record<CheckStatus, (t: string) => string> = {
    "pass": style.green,
    "fail": style.red,
    "not-applicable": style.dim,
    "not-verified": style.yellow,
    "untested": style.dim,
  };
  const lines: string[] = [];
  const badge = result.tier === "fail"
    ? style.red
    : result.tier === "tier-1"
    ? style.green
    : style.yellow;
  lines.push(
    `${style.bold("mcptest conformance")} ${
      oneLine(result.server)
    } against ${result.target_version} ` +
      `(corpus: ${result.corpus_source}, protocol: ${result.protocol_version ?? "none"})`,
  );
  if (result.handshake_error) {
    lines.push(style.red(`handshake: ${indent(result.handshake_error, 2)}`));
    lines.push(
      style.dim(
        `the server does not speak ${result.target_version}; score an older revision with --target-version`,
      ),
    );
  }
  lines.push("");
  for (const sep of result.per_sep) {
    const checks = result.checks.filter((c) => c.sep === sep.sep);
    lines.push(
      style.bold(`SEP-${sep.sep}`) +
        style.dim(`  ${sep.passed}/${sep.tested} passed, ${sep.excluded} excluded`),
    );
    for (const check of checks) {
      const label = paint[check.status](STATUS_LABEL[check.status].padEnd(12));
      const detail = check.detail ? style.dim(` - ${indent(check.detail, 6)}`) : "";
      lines.push(`  ${label} ${check.check} [${check.severity.toUpperCase()}]${detail}`);
    }
  }
  lines.push("");
  lines.push(
    `MUST ${ratio(result.must)}  SHOULD ${ratio(result.should)}  MAY ${ratio(result.may)}`,
  );
  lines.push(statusLine(result));
  lines.push(`${badge(style.bold(`${result.badge} ${result.tier}`))}: ${result.tier_reason}`);
  return neutralizeCommands(lines.join("\n") + "\n");
}

/** Continuation lines of a multi-line value, indented by `width`. */
function indent(text: string, width: number): string {
  return text.replace(/\n/g, `\n${" ".repeat(width)}`);
}

function oneLine(text: string): string {
  return text.replace(/\n/g, " ");
}
