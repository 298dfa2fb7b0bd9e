/**
 * @module A fuzz report as a run record (kind `fuzz`), so every run reporter (JUnit, TAP, SARIF,
 * markdown, HTML) shows the findings: one result per target, a finding as a failing assertion
 * whose expected side says what the server should have done and whose actual side is the minimal
 * input and what happened, with the ready-to-paste YAML test.
 */

import { VERSION } from "../../0_base/version.ts";
import { RUN_RECORD_VERSION, type RunRecord, type TestResult } from "../../4_record/run_record.ts";
import { summarize } from "../../4_record/summary.ts";
import type { FuzzFinding, FuzzReport, FuzzTargetResult } from "./types.ts";

/** What the server should have done, per finding kind (the expected side of the assertion). */
const EXPECTED: Readonly<Record<FuzzFinding["kind"], string>> = {
  crash: "the server stays up and keeps the transport open",
  timeout: "an answer within the timeout",
  malformed_response: "a well-formed JSON-RPC response to the request",
  internal_error: "an invalid-params error (-32602) or an isError result, not -32603",
  accepted_invalid: "an invalid input refused (an error or an isError result)",
  rejected_valid: "a valid input accepted",
};

/**
 * The run record of a fuzz run: `startedAt` and `durationMs` as measured by the caller, the
 * server as the one `ServerRecord`, one result per target (fuzzed without a finding: pass; with
 * findings: fail; skipped: skip with the reason; could not run: error).
 */
export function fuzzRecord(report: FuzzReport, startedAt: string, durationMs: number): RunRecord {
  const tests = report.targets.map((target) => targetResult(report, target));
  return {
    version: RUN_RECORD_VERSION,
    tool: { name: "mcptest", version: VERSION },
    startedAt,
    durationMs,
    files: [],
    servers: [{
      name: report.server.name,
      key: report.server.name,
      target: report.server.target,
      source: "cli flag",
      status: "connected",
    }],
    tests,
    summary: summarize(tests),
  };
}

function targetResult(report: FuzzReport, target: FuzzTargetResult): TestResult {
  const kind = target.kind === "resource_template" ? "resource" : target.kind;
  const base: TestResult = {
    id: `fuzz::${target.kind}::${target.name}`,
    name: `fuzz ${target.kind.replace("_", " ")} ${target.name}`,
    kind: "fuzz",
    server: report.server.name,
    file: `fuzz:${kind}`,
    line: 1,
    col: 1,
    status: "pass",
    durationMs: 0,
    assertions: [],
    budgets: [],
  };
  if (target.status === "skipped") {
    return { ...base, status: "skip", skipReason: target.reason ?? "skipped" };
  }
  if (target.status === "error") {
    return { ...base, status: "error", failure: { message: target.reason ?? "could not run" } };
  }
  const findings = report.findings.filter((f) =>
    f.target.kind === target.kind && f.target.name === target.name
  );
  if (findings.length === 0) return base;
  return {
    ...base,
    status: "fail",
    assertions: findings.map((finding) => ({
      target: `${finding.kind} (${finding.strategy}, ${finding.expectation} input)`,
      matcher: "fuzz",
      status: "fail" as const,
      expected: EXPECTED[finding.kind],
      actual: `${finding.message}\ninput: ${JSON.stringify(finding.input)}\n` +
        `reproduce: --seed ${finding.seed} --runs ${report.runs}\n${finding.yaml}`,
      message: `${finding.kind}: ${finding.message}`,
      line: 1,
      col: 1,
    })),
  };
}
