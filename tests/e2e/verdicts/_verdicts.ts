/** @module Verdict-test helpers: the fixture servers, compliance and conformance runs over stdio (direct or behind the relay), verdict maps and their differences. */

import { fileURLToPath } from "node:url";
import type { ServerSpec } from "../../../src/3_load/config/types.ts";
import { runCompliance } from "../../../src/5_execute/compliance/run_compliance.ts";
import { resolveCorpus } from "../../../src/7_features/conformance/resolve_corpus.ts";
import { runConformance } from "../../../src/7_features/conformance/run_conformance.ts";
import type { ConformanceResult } from "../../../src/7_features/conformance/result.ts";
import type { TestResult } from "../../../src/4_record/run_record.ts";
import { connect } from "../../../src/2_connect/session/connect.ts";
import { faultyArgv } from "../compliance/_servers.ts";
import { itemsServerArgv } from "../../_helpers/cli.ts";
import { relayArgv } from "./_relay.ts";

/** A fixture server: a name, the argv that starts it over stdio, and for the faulty one its faults. */
export interface Fixture {
  readonly name: string;
  readonly argv: readonly string[];
  /** The faulty fixture: the rules it breaks (none: conformant). */
  readonly breaks?: readonly string[];
}

/**
 * Rules the faulty fixture breaks in its fault mode: raw-frame (EDGE, SCHEMA), notification (SEQ)
 * and request (RES) rules, so both pass and fail verdicts of every probe kind are compared. Each
 * fails on its own; some take others with them (EDGE-009's server wants params on `tools/list`, so
 * the TOOL rules that list without params fail too). SCHEMA-005 is left out: its fault (a parse
 * error answered -32600 with id null) would hide SCHEMA-006's (a parse error answered with id 0).
 */
export const FAULTS = [
  "EDGE-002",
  "EDGE-009",
  "EDGE-010",
  "SCHEMA-006",
  "SCHEMA-008",
  "SCHEMA-012",
  "SEQ-001",
  "RES-005",
];

/** The bundled fixture servers the verdict tests run. */
export const FIXTURES: readonly Fixture[] = [
  { name: "faulty (conformant)", argv: faultyArgv(), breaks: [] },
  { name: "faulty (broken)", argv: faultyArgv(FAULTS), breaks: FAULTS },
  { name: "items", argv: itemsServerArgv() },
  {
    name: "stdio_tools",
    argv: [
      Deno.execPath(),
      "run",
      "--no-prompt",
      fileURLToPath(
        new URL("../../fixtures/conformance/stdio_tools_server.ts", import.meta.url),
      ),
    ],
  },
];

/** The compliance revisions the tests run (a server that lacks one says so: that is compared too). */
export const COMPLIANCE_VERSIONS = ["v2025-11-25", "v2026-07-28"] as const;

/** The conformance corpora the tests score against. */
export const CONFORMANCE_VERSIONS = ["2025-11-25", "2026-07-28"] as const;

/** How the server is reached: directly, or behind the relay with these flags. */
export type Route = { readonly relay?: readonly string[] };

/** The argv that reaches `fixture` by `route`. */
export function routeArgv(fixture: Fixture, route: Route): string[] {
  return route.relay === undefined ? [...fixture.argv] : relayArgv(route.relay, fixture.argv);
}

/** A stdio server spec for `argv` with a per-request timeout of `timeoutMs`. */
export function stdioSpec(argv: readonly string[], timeoutMs: number): ServerSpec {
  return {
    key: "verdicts",
    name: "verdicts",
    target: { kind: "stdio", command: [...argv], env: {} },
    parallel: false,
    timeoutMs,
    source: "cli flag",
  };
}

/** One verdict: the status and, for a failure, what failed (the assertion, else the message). */
export interface Verdict {
  /** `pass`, `skip`, or `fail: <target> <matcher> <expected>` / `error: <message>`. */
  readonly key: string;
  /** The whole failure text, for the report when a verdict flips. */
  readonly detail: string;
}

/** Rule (or check) id -> verdict. */
export type Verdicts = Record<string, Verdict>;

/** The verdict of one compliance result. */
export function ruleVerdict(result: TestResult): Verdict {
  const failed = result.assertions.filter((a) => a.status === "fail" || a.status === "error");
  const what = failed.map((a) => `${a.target} ${a.matcher} ${a.expected}`).join("; ");
  const detail = [
    result.failure?.message,
    ...failed.map((a) =>
      `${a.target} ${a.matcher} expected ${a.expected}, actual ${a.actual}${
        a.message ? ` (${a.message})` : ""
      }`
    ),
  ].filter(Boolean).join(" | ");
  if (result.status === "pass" || result.status === "skip") {
    return { key: result.status, detail: result.skipReason ?? "" };
  }
  return { key: `${result.status}: ${what || result.failure?.message || "?"}`, detail };
}

/** Run the compliance corpus `version` (only `only`, when given) against `argv`; rule id -> verdict. */
export async function complianceVerdicts(
  argv: readonly string[],
  version: string,
  options: { timeoutMs?: number; only?: readonly string[] } = {},
): Promise<Verdicts> {
  let run;
  try {
    run = await runCompliance({
      server: stdioSpec(argv, options.timeoutMs ?? 5000),
      version,
      connect: (s) => connect(s),
      ...(options.only ? { only: options.only } : {}),
    });
  } catch (error) {
    return thrown(error);
  }
  if (run.revisionUnavailable) {
    return { "(revision)": { key: run.revisionUnavailable.line, detail: "" } };
  }
  if (run.connectFailure !== undefined) {
    return { "(connect)": { key: `connect failed`, detail: run.connectFailure } };
  }
  return Object.fromEntries(
    run.results.map((r) => [r.id.split("::").at(-1)!, ruleVerdict(r)]),
  );
}

/** The verdicts of a conformance result: check id -> status (and the detail of a failure). */
export function checkVerdicts(result: ConformanceResult): Verdicts {
  const verdicts: Verdicts = {
    "(tier)": { key: `${result.tier} ${result.protocol_version}`, detail: result.tier_reason },
  };
  for (const check of result.checks) {
    verdicts[check.check] = {
      key: check.status === "fail" ? `fail: ${check.detail ?? ""}` : check.status,
      detail: check.detail ?? "",
    };
  }
  return verdicts;
}

/** Score `argv` against the conformance corpus `version`; check id -> verdict. */
export async function conformanceVerdicts(
  argv: readonly string[],
  version: string,
  timeoutMs = 5000,
): Promise<Verdicts> {
  const corpus = await resolveCorpus({ revision: version });
  try {
    const result = await runConformance({
      server: {
        key: "verdicts",
        name: "verdicts",
        target: { kind: "stdio", command: [...argv], env: {} },
        timeoutMs,
      },
      corpus,
      connect: (s) => connect(s),
      toolVersion: "test",
    });
    return checkVerdicts(result);
  } catch (error) {
    return thrown(error);
  }
}

/** A run that threw (a server that does not speak the revision, say) is one verdict: the error. */
function thrown(error: unknown): Verdicts {
  const name = error instanceof Error ? error.name : "Error";
  const message = error instanceof Error ? error.message : String(error);
  return { "(thrown)": { key: `${name}: ${message}`, detail: "" } };
}

/** One verdict that differs between two runs. */
export interface Flip {
  readonly id: string;
  readonly expected: string;
  readonly actual: string;
  readonly detail: string;
}

/** The verdicts of `actual` that differ from `expected` (a missing one counts). */
export function flips(expected: Verdicts, actual: Verdicts): Flip[] {
  const ids = [...new Set([...Object.keys(expected), ...Object.keys(actual)])].sort();
  return ids.flatMap((id) => {
    const e = expected[id]?.key ?? "(absent)";
    const a = actual[id]?.key ?? "(absent)";
    return e === a ? [] : [{ id, expected: e, actual: a, detail: actual[id]?.detail ?? "" }];
  });
}

/** One line per flip, for an assertion message. */
export function describeFlips(label: string, list: readonly Flip[]): string {
  return list.map((f) => `${label}: ${f.id}: ${f.expected} -> ${f.actual} [${f.detail}]`).join(
    "\n",
  );
}

/**
 * Run `run` over `items` with at most `size` at once. Every item runs to its end (so every server it
 * started is reaped) before the first error, if any, is thrown.
 */
export async function pool<T>(
  items: readonly T[],
  size: number,
  run: (item: T) => Promise<void>,
): Promise<void> {
  const queue = [...items];
  const errors: unknown[] = [];
  await Promise.all(Array.from({ length: size }, async () => {
    for (let item = queue.shift(); item !== undefined; item = queue.shift()) {
      await run(item).catch((error) => void errors.push(error));
    }
  }));
  if (errors.length > 0) throw errors[0];
}
