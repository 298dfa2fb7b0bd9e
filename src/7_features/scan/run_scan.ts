/**
 * @module The suite's `scan:` setting in `mcptest run`: the tool-description scan of the suite's
 * servers, its findings as results of the run record (kind `scan`).
 */

import type { LoadOptions } from "../../3_load/config/load_suite.ts";
import type { Suite } from "../../3_load/config/types.ts";
import type { RunRecord, TestResult } from "../../4_record/run_record.ts";
import { summarize } from "../../4_record/summary.ts";
import { importLater } from "../../0_base/util/import_later.ts";
import { type Finding, type ScannedServer, type ScanReport, severityRank } from "./types.ts";

/**
 * With the suite's `scan:` setting (and tests that ran), `record` with the scan's results
 * appended and its summary recounted: one failing result per finding at or above `fail_on`, a
 * skipped one (with the finding) per finding below it, an error per server that could not be
 * read, and a passing one per server without a finding. Without it, `record` as it is.
 * @param loadOptions how the suite was loaded (the scan reads the same servers)
 */
export async function withSuiteScan(
  record: RunRecord,
  suite: Suite,
  loadOptions: LoadOptions,
  ci: boolean = Deno.env.get("CI") === "true",
): Promise<RunRecord> {
  const setting = suite.scan;
  if (!setting || record.tests.length === 0) return record;
  // The scanner (its rules, the lock file) is loaded only by a run whose suite asks for a scan.
  const { scanSurface } = await importLater<typeof import("./scan_surface.ts")>(
    import.meta.url,
    "./scan_surface.ts",
  );
  const report = await scanSurface({
    suite: loadOptions,
    failOn: setting.failOn,
    ignore: setting.ignore,
    ...(setting.lock ? { lock: setting.lock } : {}),
    ci,
  });
  const only = setting.servers ? new Set(setting.servers) : undefined;
  const kept = only
    ? { ...report, servers: report.servers.filter((s) => only.has(s.name)) }
    : report;
  const tests = [...record.tests, ...scanResults(kept, record.files[0] ?? "")];
  return { ...record, tests, summary: summarize(tests) };
}

/** The results of a scan report, in report order. */
export function scanResults(report: ScanReport, fallbackFile: string): TestResult[] {
  const results: TestResult[] = [];
  for (const server of report.servers) {
    const base = serverBase(server, fallbackFile);
    if (server.status === "failed") {
      results.push({
        ...base,
        id: `${base.file}::scan::${server.name}`,
        name: `scan ${server.name}`,
        status: "error",
        failure: { message: `scan: ${server.failure ?? "the surface could not be read"}` },
      });
      continue;
    }
    const findings = report.findings.filter((f) => f.location.server === server.name);
    if (findings.length === 0) {
      results.push({
        ...base,
        id: `${base.file}::scan::${server.name}`,
        name: `scan ${server.name}`,
      });
    }
    findings.forEach((finding, index) => {
      results.push(findingResult(finding, index, base, report.failOn));
    });
  }
  return results;
}

function serverBase(server: ScannedServer, fallbackFile: string): TestResult {
  const at = server.declaredAt ?? { file: fallbackFile, line: 1, col: 1 };
  return {
    id: "",
    name: "",
    kind: "scan",
    server: server.name,
    file: at.file,
    line: at.line,
    col: at.col,
    status: "pass",
    durationMs: 0,
    assertions: [],
    budgets: [],
  };
}

function findingResult(
  finding: Finding,
  index: number,
  base: TestResult,
  failOn: ScanReport["failOn"],
): TestResult {
  const where = `${finding.location.kind} ${finding.location.item}`;
  const name = `scan ${finding.rule} (${finding.severity}) ${finding.location.server}: ${where}`;
  const id = `${base.file}::scan::${finding.location.server}::${finding.rule}::${where}::${index}`;
  if (severityRank(finding.severity) < severityRank(failOn)) {
    return {
      ...base,
      id,
      name,
      status: "skip",
      skipReason: `${finding.severity} finding, below scan fail_on ${failOn}: ${finding.message}`,
    };
  }
  return {
    ...base,
    id,
    name,
    status: "fail",
    assertions: [{
      target: `${where} ${finding.location.path}`.trim(),
      matcher: finding.rule,
      status: "fail",
      expected: "no finding",
      actual: [finding.evidence, ...(finding.diff ?? [])].join("\n"),
      message: finding.message,
      line: base.line,
      col: base.col,
    }],
  };
}
