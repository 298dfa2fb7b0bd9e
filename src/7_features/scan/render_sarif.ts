/** @module The scan report as SARIF 2.1.0 for GitHub code scanning: one rule per check, one result per finding. */

import { safeJson } from "../../0_base/util/escape.ts";
import { VERSION } from "../../0_base/version.ts";
import { SARIF_VERSION } from "../../6_report/sarif.ts";
import { SCAN_RULES } from "./rules.ts";
import type { Finding, ScanReport, ScanSeverity } from "./types.ts";

const SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json";

/** The SARIF level of a severity: high an error, medium a warning, low a note. */
export function sarifLevelOf(severity: ScanSeverity): "error" | "warning" | "note" {
  return severity === "high" ? "error" : severity === "medium" ? "warning" : "note";
}

/** GitHub's `security-severity` (0.0-10.0) of a severity. */
const SECURITY_SEVERITY: Readonly<Record<ScanSeverity, string>> = {
  high: "8.0",
  medium: "5.0",
  low: "2.0",
};

/** PascalCase of a kebab-case rule name (`hidden-characters` -> `HiddenCharacters`). */
function pascal(name: string): string {
  return name.split("-").map((w) => w[0]!.toUpperCase() + w.slice(1)).join("");
}

/** A relative URI reference for a `/`-separated path (each segment percent-encoded). */
function fileUri(path: string): string {
  return path.split("/").map((segment) => encodeURIComponent(segment)).join("/");
}

function resultOf(report: ScanReport, finding: Finding) {
  const server = report.servers.find((s) => s.name === finding.location.server);
  const at = server?.declaredAt;
  const file = at?.file ?? report.lock ?? "mcptest.lock";
  const { kind, item, path } = finding.location;
  const name = `${finding.location.server}/${kind}/${item}${path === "" ? "" : `#${path}`}`;
  const diff = finding.diff ? `\n${finding.diff.join("\n")}` : "";
  return {
    ruleId: finding.rule,
    ruleIndex: SCAN_RULES.findIndex((r) => r.id === finding.rule),
    level: sarifLevelOf(finding.severity),
    message: { text: `${kind} ${item}: ${finding.message}\n${finding.evidence}${diff}` },
    locations: [{
      physicalLocation: {
        artifactLocation: { uri: fileUri(file), uriBaseId: "%SRCROOT%" },
        region: { startLine: Math.max(1, at?.line ?? 1), startColumn: Math.max(1, at?.col ?? 1) },
      },
      logicalLocations: [{ name: item, fullyQualifiedName: name, kind: "member" }],
    }],
    partialFingerprints: { "mcptestScan/v1": `${finding.rule}|${name}` },
    properties: { severity: finding.severity, server: finding.location.server, kind, path },
  };
}

/** Render a scan report as a SARIF 2.1.0 log: every rule in the driver, one result per finding. */
export function renderScanSarif(report: ScanReport): string {
  const log = {
    $schema: SARIF_SCHEMA,
    version: SARIF_VERSION,
    runs: [{
      tool: {
        driver: {
          name: "mcptest-scan",
          version: VERSION,
          semanticVersion: VERSION,
          rules: SCAN_RULES.map((rule) => ({
            id: rule.id,
            name: pascal(rule.name),
            shortDescription: { text: `${rule.name}: ${rule.summary.split(":")[0]}` },
            fullDescription: { text: rule.summary },
            help: { text: `${rule.summary}\n\nFalse positives: ${rule.stance}` },
            defaultConfiguration: { level: sarifLevelOf(rule.severity) },
            properties: {
              tags: ["security", "mcp", "mcptest-scan"],
              "security-severity": SECURITY_SEVERITY[rule.severity],
            },
          })),
        },
      },
      invocations: [{
        executionSuccessful: report.servers.every((s) => s.status === "scanned"),
        properties: { summary: report.summary, failOn: report.failOn, servers: report.servers },
      }],
      results: report.findings.map((finding) => resultOf(report, finding)),
    }],
  };
  return safeJson(JSON.stringify(log, null, 2)) + "\n";
}
