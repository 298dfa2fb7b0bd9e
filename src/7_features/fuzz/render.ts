/** @module The fuzz reporters: pretty (targets, findings with their minimal input and YAML test) and json (the FuzzReport); terminal-safe. */

import { type Styler, styler } from "../../0_base/util/ansi.ts";
import { neutralizeCommands, safeJson } from "../../0_base/util/escape.ts";
import { visible } from "../scan/evidence.ts";
import type { FuzzFinding, FuzzReport } from "./types.ts";
import { yamlFlow } from "./yaml_test.ts";
import type { FuzzFormat } from "./format_names.ts";

export { FUZZ_FORMATS, isFuzzFormat } from "./format_names.ts";
export type { FuzzFormat } from "./format_names.ts";

/** The longest input shown inline (the YAML test holds it whole). */
const INLINE = 300;

function findingLines(finding: FuzzFinding, style: Styler): string[] {
  const input = yamlFlow(finding.input);
  const shown = input.length > INLINE
    ? `${input.slice(0, INLINE)}... (${input.length} chars)`
    : input;
  return [
    `  ${style.red("FOUND")}  ${finding.kind}  ${finding.target.kind} ${
      visible(finding.target.name)
    }`,
    `         ${visible(finding.message)}`,
    `         input (${finding.expectation}, ${finding.strategy}, ${finding.shrinks} shrinks): ${shown}`,
    `         ${style.dim("as a test:")}`,
    ...finding.yaml.trimEnd().split("\n").map((line) => `           ${line}`),
  ];
}

/** The pretty report: each target's line, the findings with their tests, the verdict and the seed. */
export function renderFuzzPretty(report: FuzzReport, style: Styler): string {
  const out = [
    `${style.bold(visible(report.server.name))}  ${visible(report.server.target)}`,
  ];
  for (const target of report.targets) {
    const name = `${target.kind} ${visible(target.name)}`;
    if (target.status === "skipped") {
      out.push(
        `  ${style.dim("SKIP")}   ${name}  ${style.dim(visible(target.reason ?? ""))}`,
      );
      continue;
    }
    if (target.status === "error") {
      out.push(`  ${style.red("ERROR")}  ${name}  ${visible(target.reason ?? "")}`);
      continue;
    }
    const verdict = target.findings > 0 ? style.red("FAIL") : style.green("PASS");
    out.push(`  ${verdict}   ${name}  (${target.cases} cases)`);
  }
  out.push("");
  for (const finding of report.findings) out.push(...findingLines(finding, style), "");
  const time = report.stoppedByTime ? "; --max-time stopped new cases" : "";
  const verdict = report.status === "pass" ? style.green("PASS") : style.red("FAIL");
  out.push(
    `${verdict}  ${report.findings.length} finding${report.findings.length === 1 ? "" : "s"}, ` +
      `${report.restarts} restart${report.restarts === 1 ? "" : "s"}${time}; ` +
      `reproduce with --seed ${report.seed} --runs ${report.runs}`,
  );
  return neutralizeCommands(out.join("\n")) + "\n";
}

/** Render `report` in `format` (colour only for pretty, and only when `color`). */
export function renderFuzz(report: FuzzReport, format: FuzzFormat, color = false): string {
  if (format === "json") return safeJson(JSON.stringify(report, null, 2)) + "\n";
  return renderFuzzPretty(report, styler(color));
}
