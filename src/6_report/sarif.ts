/** @module The sarif reporter: SARIF 2.1.0 for GitHub code scanning, one result per failed check. */

import {
  assertionDetail,
  assertionHeadline,
  budgetText,
  complianceRuleId,
  errorText,
  failedAssertions,
  failedBudgets,
  flakyText,
  noteTexts,
  skippedBudgets,
  skippedBudgetText,
} from "./_view.ts";
import { safeJson } from "../0_base/util/escape.ts";
import { sarifLevel } from "./_rule.ts";
import type { RuleRef, RunRecord, TestResult } from "../4_record/run_record.ts";

/** The SARIF version and schema this reporter writes. */
export const SARIF_VERSION = "2.1.0";
const SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json";

type Level = "error" | "warning" | "note";

interface Rule {
  id: string;
  name: string;
  shortDescription: { text: string };
  fullDescription: { text: string };
  helpUri?: string;
  defaultConfiguration: { level: Level };
  properties: { tags: string[]; severity?: RuleRef["severity"]; revision?: string };
}

interface Finding {
  ruleId: string;
  level: Level;
  message: string;
  line: number;
  col: number;
  bucket: "assertion" | "budget" | "error" | "compliance" | "flaky" | "note";
  /** The compliance rule the finding is about, when the record names it. */
  rule?: RuleRef;
}

/**
 * Render a run record as a SARIF 2.1.0 log. Rule ids: `assert.<matcher>` for a failed assertion,
 * `budget.<budget>` for a failed performance budget (level `warning`: its own bucket),
 * `error.<layer>` (or `error.run`) for a test that reached no verdict, and the compliance rule id
 * (`PROTO-001`) for a compliance test. Each result points at the YAML file and line of the failed
 * assertion, budget or test. A flaky test (passed on a retry) is a `note` with rule id `flaky`;
 * other passing and skipped tests produce no result.
 *
 * A compliance result that carries its rule (`TestResult.rule`) takes the rule id from it, its
 * level from the severity (MUST `error`, SHOULD `warning`, MAY `note`), and its rule descriptor
 * gets `helpUri` (the spec URL) and `properties.severity`/`properties.revision`. Every result of
 * a test with a rule (an error too) carries it whole in `properties.rule`.
 *
 * A budget that could not apply (a header budget on a stdio server) is no finding: it is a
 * `note` in the invocation's `toolExecutionNotifications`, with its reason and location.
 */
export function renderSarif(record: RunRecord): string {
  const rules = new Map<string, Rule>();
  const results: unknown[] = [];
  for (const test of record.tests) {
    for (const finding of findingsOf(test)) {
      const known = rules.get(finding.ruleId);
      // A descriptor from a record without the rule gives way to one that has it (merged shards).
      if (!known || (finding.rule && !known.helpUri)) rules.set(finding.ruleId, ruleFor(finding));
      results.push({
        ruleId: finding.ruleId,
        ruleIndex: [...rules.keys()].indexOf(finding.ruleId),
        level: finding.level,
        message: { text: finding.message },
        locations: [{
          ...location(test.file, finding.line, finding.col),
          logicalLocations: [{ name: test.name, fullyQualifiedName: test.id, kind: "test" }],
        }],
        partialFingerprints: { "mcptestTestId/v1": `${test.id}#${finding.ruleId}` },
        properties: {
          bucket: finding.bucket,
          testKind: test.kind,
          server: test.server,
          ...(test.rule ? { rule: test.rule } : {}),
        },
      });
    }
  }
  const skipped = record.tests.flatMap((test) =>
    skippedBudgets(test).map((b) => ({
      level: "note",
      message: { text: `${test.name}: budget ${skippedBudgetText(b)}` },
      locations: [location(test.file, b.line || test.line, b.line ? b.col : test.col)],
      descriptor: { id: `budget.${b.budget}.skipped` },
    }))
  );
  const log = {
    $schema: SARIF_SCHEMA,
    version: SARIF_VERSION,
    runs: [{
      tool: {
        driver: {
          name: "mcptest",
          version: record.tool.version,
          semanticVersion: record.tool.version,
          rules: [...rules.values()],
        },
      },
      invocations: [{
        executionSuccessful: true,
        ...(skipped.length > 0 ? { toolExecutionNotifications: skipped } : {}),
        startTimeUtc: utc(record.startedAt),
        properties: {
          summary: record.summary,
          durationMs: record.durationMs,
          ...(record.tests.some((t) => t.cached)
            ? { cachedTests: record.tests.filter((t) => t.cached).length }
            : {}),
        },
      }],
      results,
    }],
  };
  return safeJson(JSON.stringify(log, null, 2)) + "\n";
}

function findingsOf(test: TestResult): Finding[] {
  if (test.status === "error") {
    return [{
      ruleId: `error.${test.failure?.layer ?? "run"}`,
      level: "error",
      message: `${test.name}: ${errorText(test)}`,
      line: test.line,
      col: test.col,
      bucket: "error",
    }];
  }
  if (test.status === "pass" && test.flaky) {
    // A pass on a retry is a `note`, never a silent pass (docs/selection.md).
    return [{
      ruleId: "flaky",
      level: "note",
      message: `${test.name}: ${flakyText(test)}`,
      line: test.line,
      col: test.col,
      bucket: "flaky",
    }];
  }
  if (test.status === "pass" && noteTexts(test).length > 0) {
    // A gate that passes only because there is nothing to compare yet says so (a `note`).
    return noteTexts(test).map((message) => ({
      ruleId: "note",
      level: "note" as const,
      message: `${test.name}: ${message}`,
      line: test.line,
      col: test.col,
      bucket: "note" as const,
    }));
  }
  if (test.status !== "fail") return [];
  const findings: Finding[] = [];
  const compliance = complianceRuleId(test);
  const rule = compliance ? test.rule : undefined;
  const level = rule ? sarifLevel(rule) : "error";
  for (const a of failedAssertions(test)) {
    findings.push({
      ruleId: compliance ?? `assert.${a.matcher}`,
      level,
      message: `${test.name}: ${assertionHeadline(a)}\n${assertionDetail(a)}`,
      line: a.line || test.line,
      col: a.line ? a.col : test.col,
      bucket: compliance ? "compliance" : "assertion",
      ...(rule ? { rule } : {}),
    });
  }
  if (findings.length === 0 && failedBudgets(test).length === 0 && rule && test.failure) {
    // A compliance rule that failed without an assertion (the handshake it checks was rejected).
    findings.push({
      ruleId: rule.id,
      level,
      message: `${test.name}: ${test.failure.message}`,
      line: test.line,
      col: test.col,
      bucket: "compliance",
      rule,
    });
  }
  for (const b of failedBudgets(test)) {
    findings.push({
      ruleId: `budget.${b.budget}`,
      level: "warning",
      message: `${test.name}: over budget: ${budgetText(b)}`,
      line: b.line || test.line,
      col: b.line ? b.col : test.col,
      bucket: "budget",
    });
  }
  return findings;
}

function ruleFor(f: Finding): Rule {
  const [text, full] = describe(f);
  return {
    id: f.ruleId,
    name: ruleName(f.ruleId),
    shortDescription: { text },
    fullDescription: { text: full },
    ...(f.rule ? { helpUri: f.rule.specUrl } : {}),
    defaultConfiguration: { level: f.level },
    properties: { tags: ["mcptest", f.bucket], ...(f.rule ? ruleProperties(f.rule) : {}) },
  };
}

function ruleProperties(rule: RuleRef): { severity: RuleRef["severity"]; revision: string } {
  return { severity: rule.severity, revision: rule.revision };
}

function describe(f: Finding): [string, string] {
  const [prefix, rest = ""] = f.ruleId.split(/\.(.*)/s);
  if (f.bucket === "compliance") {
    const how = f.rule ? ` (${f.rule.severity} in ${f.rule.revision})` : "";
    return [
      `MCP compliance rule ${f.ruleId} failed.`,
      `The server broke compliance rule ${f.ruleId}${how} of the mcptest corpus.`,
    ];
  }
  if (prefix === "assert") {
    return [
      `A ${rest} assertion failed.`,
      `A response did not satisfy a ${rest} matcher of an mcptest test.`,
    ];
  }
  if (f.bucket === "flaky") {
    return [
      "A test passed only on a retry.",
      "The test failed, then passed when retried (retries:, --retries): it is flaky.",
    ];
  }
  if (f.bucket === "note") {
    return [
      "A gate passed with a note.",
      "The gate had nothing to compare yet (spec_version_check: without against:, or no corpus for the target), so it passed and says why.",
    ];
  }
  if (prefix === "budget") {
    return [
      `The ${rest} performance budget was exceeded.`,
      `The response was right but too expensive: the ${rest} budget failed.`,
    ];
  }
  return [
    `A test reached no verdict (${rest}).`,
    `The test could not run to a verdict: the failure happened at the ${rest} layer.`,
  ];
}

/** PascalCase rule name from the id (`assert.starts-with` -> `AssertStartsWith`). */
function ruleName(id: string): string {
  return id.split(/[^A-Za-z0-9]+/).filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1).toLowerCase()).join("");
}

function location(file: string, line: number, col: number) {
  return {
    physicalLocation: {
      artifactLocation: { uri: fileUri(file), uriBaseId: "%SRCROOT%" },
      region: { startLine: Math.max(1, line), startColumn: Math.max(1, col) },
    },
  };
}

/** A relative URI reference for a `/`-separated path (each segment percent-encoded). */
function fileUri(path: string): string {
  return path.split("/").map((segment) => encodeURIComponent(segment)).join("/");
}

function utc(startedAt: string): string {
  const date = new Date(startedAt);
  return Number.isNaN(date.getTime()) ? "1970-01-01T00:00:00.000Z" : date.toISOString();
}
