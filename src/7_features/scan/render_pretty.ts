/** @module The pretty scan report: servers, findings grouped by server with severity, rule, location, evidence; terminal-safe. */

import type { Styler } from "../../0_base/util/ansi.ts";
import { neutralizeCommands } from "../../0_base/util/escape.ts";
import { visible } from "./evidence.ts";
import { ruleById } from "./rules.ts";
import type { Finding, ScannedServer, ScanReport, ScanSeverity } from "./types.ts";

const LABEL: Readonly<Record<ScanSeverity, string>> = {
  high: "HIGH  ",
  medium: "MEDIUM",
  low: "LOW   ",
};

function paint(style: Styler, severity: ScanSeverity, text: string): string {
  return severity === "high"
    ? style.red(text)
    : severity === "medium"
    ? style.yellow(text)
    : style.dim(text);
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

function serverLine(server: ScannedServer, style: Styler): string {
  const c = server.counts;
  const counts = [
    plural(c.tool, "tool"),
    plural(c.prompt, "prompt"),
    plural(c.resource, "resource"),
    plural(c.resource_template, "template"),
  ].join(", ");
  const head = `${style.bold(esc(server.name))}  ${esc(server.target)}`;
  if (server.status === "failed") {
    return `${head}\n  ${style.red("FAILED")}  ${esc(server.failure ?? "")}`;
  }
  const pin = server.pin === "off" ? "" : `  pin: ${server.pin}`;
  return `${head}  (${counts})${pin}`;
}

/** Server text on one line: invisible and control characters shown as escapes. */
function esc(text: string): string {
  return visible(text);
}

function findingLines(finding: Finding, style: Styler): string[] {
  const rule = ruleById(finding.rule);
  const where = `${finding.location.kind} ${esc(finding.location.item)}` +
    (finding.location.path === "" ? "" : `  ${esc(finding.location.path)}`);
  const lines = [
    `  ${paint(style, finding.severity, LABEL[finding.severity])}  ${finding.rule} ${
      rule?.name ?? ""
    }  ${where}`,
    `          ${esc(finding.message)}`,
    `          ${style.dim(">")} ${esc(finding.evidence)}`,
  ];
  for (const line of finding.diff ?? []) {
    const text = esc(line);
    lines.push(
      `          ${
        line.startsWith("+") ? style.green(text) : line.startsWith("-") ? style.red(text) : text
      }`,
    );
  }
  return lines;
}

/** The pretty report: one block per server with its findings, then the verdict line. */
export function renderScanPretty(report: ScanReport, style: Styler): string {
  const out: string[] = [];
  for (const server of report.servers) {
    out.push(serverLine(server, style));
    const mine = report.findings.filter((f) => f.location.server === server.name);
    for (const finding of mine) out.push(...findingLines(finding, style));
    if (server.status === "scanned" && mine.length === 0) out.push(`  ${style.green("clean")}`);
    if (server.pin === "unpinned") {
      out.push(style.dim(`  not pinned in ${esc(report.lock ?? "")}: pin it with mcptest scan -u`));
    }
    out.push("");
  }
  const s = report.summary;
  const total = s.high + s.medium + s.low;
  const failed = report.servers.filter((x) => x.status === "failed").length;
  const verdict = report.status === "pass" ? style.green("PASS") : style.red("FAIL");
  out.push(
    `${verdict}  ${plural(total, "finding")} (${s.high} high, ${s.medium} medium, ${s.low} low)` +
      `${failed > 0 ? `, ${plural(failed, "server")} not read` : ""}; fails on ${report.failOn}` +
      ` and above`,
  );
  return neutralizeCommands(out.join("\n")) + "\n";
}
