/** @module Run a revision's rules against a live session: gates, transport restrictions, probes, matcher verdicts -> TestResult. */

import type { SourcePos } from "../../errors/errors.ts";
import type { RevisionInfo } from "../../protocol/revisions.ts";
import type { RuleRef, TestResult } from "../../report/run_record.ts";
import type { Session } from "../../session/types.ts";
import type { RegistryEntry, RuleSpec } from "../types.ts";
import { assertAll } from "./assert.ts";
import { runProbe } from "./probe_root.ts";
import { severityIn } from "../severity.ts";

/** Where results are attributed and how long a probe may take. */
export interface RunRulesOptions {
  readonly version: string;
  readonly revision: RevisionInfo;
  readonly registry: Readonly<Record<string, RegistryEntry>>;
  /** The file results point at (the suite file, or `compliance/<version>`). */
  readonly file: string;
  readonly pos?: SourcePos;
  readonly suiteDir?: string;
  readonly timeoutMs: number;
}

/** Display name of a rule result: `PROTO-002 initialize returns negotiated capabilities [v2025-06-18]`. */
export function ruleName(entry: RegistryEntry | undefined, id: string, version: string): string {
  return `${id} ${entry?.title ?? ""} [${version}]`.replace(/\s+/g, " ");
}

/** The rule reference a result carries: id, revision, severity there, spec URL. */
export function ruleRef(entry: RegistryEntry, version: string): RuleRef {
  return {
    id: entry.id,
    revision: version,
    severity: severityIn(entry, version),
    specUrl: entry.spec_url,
  };
}

/** Why a rule does not run on this session, or undefined when it runs. */
export function skipReason(
  rule: RuleSpec,
  entry: RegistryEntry | undefined,
  session: Session,
): string | undefined {
  if (entry?.deprecated) {
    return `deprecated since ${entry.deprecated.since}: ${entry.deprecated.reason}`;
  }
  const kind = session.server.target.kind;
  if (rule.transport === "http" && kind !== "http") {
    return "HTTP-level rule; the server runs over stdio";
  }
  if (rule.transport === "stdio" && kind !== "stdio") {
    return "stdio-only rule; the server runs over HTTP";
  }
  const capability = entry?.capability;
  if (capability !== undefined) {
    const value = session.serverCapabilities?.[capability];
    if (value === undefined || value === null || value === false) {
      return `server does not advertise the ${capability} capability`;
    }
  }
  return undefined;
}

/** Run one rule to a TestResult. */
export async function runRule(
  session: Session,
  rule: RuleSpec,
  options: RunRulesOptions,
): Promise<TestResult> {
  const entry = options.registry[rule.id];
  const pos = options.pos ?? { file: options.file, line: 1, col: 1 };
  const base = {
    id: `compliance::${options.version}::${rule.id}`,
    name: ruleName(entry, rule.id, options.version),
    kind: "compliance" as const,
    server: session.server.name,
    file: options.file,
    line: pos.line,
    col: pos.col,
    budgets: [],
    ...(entry ? { rule: ruleRef(entry, options.version) } : {}),
  };
  const skip = skipReason(rule, entry, session);
  if (skip !== undefined) {
    return { ...base, status: "skip", durationMs: 0, assertions: [], skipReason: skip };
  }
  const started = performance.now();
  const outcome = await runProbe(session, rule, options.revision, options.timeoutMs);
  const assertions = await assertAll(outcome.root, rule.expect, pos, options.suiteDir ?? ".");
  const passed = assertions.every((a) => a.status === "pass");
  return {
    ...base,
    status: passed ? "pass" : "fail",
    durationMs: Math.round(performance.now() - started),
    assertions,
    ...(outcome.failure === undefined || passed ? {} : { failure: { message: outcome.failure } }),
  };
}

/**
 * Run `rules` in order over one session. Rules never overlap: a raw frame's `id: null` answer, the
 * notifications a probe waits for, and the wire observations (unparsed frames) belong to whichever
 * probe is in flight, so a rule must be alone on the session to be judged fairly.
 */
export async function runRules(
  session: Session,
  rules: readonly RuleSpec[],
  options: RunRulesOptions,
): Promise<TestResult[]> {
  const results: TestResult[] = [];
  for (const rule of rules) results.push(await runRule(session, rule, options));
  return results;
}
