/** @module How the reporters show a compliance result's rule: its severity, revision and spec URL. */

import type { RuleRef, TestResult } from "../4_record/run_record.ts";

/** The rule of a failing result (`fail` or `error`), or undefined: older records carry none. */
export function failingRule(test: TestResult): RuleRef | undefined {
  return test.status === "fail" || test.status === "error" ? test.rule : undefined;
}

/** `MUST · v2025-11-25 · https://modelcontextprotocol.io/specification/...`. */
export function ruleSummary(rule: RuleRef): string {
  return `${rule.severity} · ${rule.revision} · ${rule.specUrl}`;
}

/** `rule PROTO-001 (MUST in v2025-11-25): https://modelcontextprotocol.io/specification/...`. */
export function ruleLine(rule: RuleRef): string {
  return `rule ${rule.id} (${rule.severity} in ${rule.revision}): ${rule.specUrl}`;
}

/**
 * A title naming the rule and its severity: `PROTO-001 (MUST) initialize ...` when the name
 * starts with the rule id (as compliance results are named), else `PROTO-001 (MUST): name`.
 */
export function ruleTitle(rule: RuleRef, name: string): string {
  const named = name === rule.id || name.startsWith(`${rule.id} `);
  const rest = named ? name.slice(rule.id.length) : `: ${name}`;
  return `${rule.id} (${rule.severity})${rest}`;
}

/** The SARIF level of a broken rule: MUST is an error, SHOULD a warning, MAY a note. */
export function sarifLevel(rule: RuleRef): "error" | "warning" | "note" {
  return rule.severity === "MUST" ? "error" : rule.severity === "SHOULD" ? "warning" : "note";
}

/** The GitHub workflow command of a broken rule: `error`, `warning` or `notice`. */
export function annotationCommand(rule: RuleRef): "error" | "warning" | "notice" {
  return rule.severity === "MUST" ? "error" : rule.severity === "SHOULD" ? "warning" : "notice";
}

/**
 * The spec URL when it is safe to link (an absolute `https:` or `http:` URL), serialized with
 * `(`, `)` and `'` percent-encoded so it fits a Markdown link or an HTML attribute; else undefined.
 */
export function linkableUrl(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:") return undefined;
  return parsed.href.replace(/\(/g, "%28").replace(/\)/g, "%29").replace(/'/g, "%27");
}
