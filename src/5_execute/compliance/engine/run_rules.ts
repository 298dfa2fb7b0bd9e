/** @module Run a revision's rules against a live session: gates, transport restrictions, probes, matcher verdicts -> TestResult. */

import type { SourcePos } from "../../../0_base/errors/errors.ts";
import type { RevisionInfo } from "../../../0_base/protocol/revisions.ts";
import type { RuleRef, TestResult } from "../../../4_record/run_record.ts";
import type { Session } from "../../../2_connect/session/types.ts";
import type { RegistryEntry, RuleSpec } from "../../../3_load/compliance_corpus/types.ts";
import { assertAll } from "./assert.ts";
import { type ProbeOutcome, runProbe } from "./probe_root.ts";
import { clientProbeOutcome, type ClientProbes } from "./client_sessions.ts";
import type { ClientSpec } from "../../../2_connect/session/client_spec.ts";
import type { SafeTool } from "../../../3_load/config/safe_tool.ts";
import { runSetup } from "./setup.ts";
import { fillTemplates } from "./templates.ts";
import { severityIn } from "../../../3_load/compliance_corpus/severity.ts";
import { specUrlIn } from "../../../3_load/compliance_corpus/citations.ts";
import { AuthRegistry } from "../../../2_connect/auth/registry.ts";
import { redactTests } from "../../../4_record/redact_record.ts";
import {
  credentialSecrets,
  type ProbeCredentials,
  probeCredentials,
  runCredentialedHttpProbe,
  sendsAuthorization,
  TOKEN_PLACEHOLDERS,
  tokenPlaceholdersIn,
} from "./probe_credentials.ts";

/** Where results are attributed and how long a probe may take. */
export interface RunRulesOptions {
  readonly version: string;
  readonly revision: RevisionInfo;
  readonly registry: Readonly<Record<string, RegistryEntry>>;
  /** The file results point at (the suite file, or `compliance/<version>`). */
  readonly file: string;
  readonly pos?: SourcePos;
  readonly suiteDir?: string;
  /**
   * The deadline of every probe (the user's `--timeout`, or the server's `timeout_ms`): a bound on
   * waiting, never what decides a verdict on a live server (see docs/verdict-timing.md).
   */
  readonly timeoutMs: number;
  /**
   * Open another session to the same server, handshake done (pinned to the same revision). When
   * given, `raw` rules run concurrently, each on a fresh session of its own, beside the others.
   */
  readonly openSession?: () => Promise<Session>;
  /**
   * The run's credentials registry: http probes send the server's `auth:` credentials from it
   * (the same token the sessions use) and derive the `{{access_token…}}` placeholders from them.
   * Default: one registry per {@link runRules} call.
   */
  readonly auth?: AuthRegistry;
  /**
   * Open another session to the same server whose client is `client` (revision pinned): the
   * `client_capability` rules run on two of their own (the capability declared, and not). Without
   * it those rules are an error (nothing to judge).
   */
  readonly openClientSession?: (client: ClientSpec) => Promise<Session>;
  /** The tools named safe to call (`--safe-tool`, `safe_tools:`); none: the read-only default. */
  readonly safeTools?: readonly SafeTool[];
  /**
   * The capabilities of the run's `client_capability` rules that run, in rule order, and whether
   * an APPS rule runs (set by {@link runRules}): those probes share one session declaring the
   * capabilities and the UI extension, and one declaring none (see client_sessions.ts). Absent:
   * each probe has sessions of its own.
   */
  readonly clientProbes?: ClientProbes;
}

/** Display name of a rule result: `PROTO-002 initialize returns negotiated capabilities [v2025-06-18]`. */
export function ruleName(entry: RegistryEntry | undefined, id: string, version: string): string {
  return `${id} ${entry?.title ?? ""} [${version}]`.replace(/\s+/g, " ");
}

/** The rule reference a result carries: id, revision, severity there, and the spec page cited for that revision. */
export function ruleRef(entry: RegistryEntry, version: string): RuleRef {
  return {
    id: entry.id,
    revision: version,
    severity: severityIn(entry, version),
    // The page of the citation whose range holds `version`: never a newer revision's page.
    specUrl: specUrlIn(entry, version),
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
  if (capability !== undefined && !advertises(session.serverCapabilities, capability)) {
    return `server does not advertise the ${capability} capability`;
  }
  if (rule.requires === "authorization" && !sendsAuthorization(session.server.target)) {
    return "authorization rule; the server is not configured with credentials " +
      "(an Authorization header or an auth: block sending one, on an HTTP server)";
  }
  return undefined;
}

/** Whether a capability path (`tools`, `resources.subscribe`) is advertised (present, not false). */
function advertises(capabilities: unknown, path: string): boolean {
  let value: unknown = capabilities;
  for (const key of path.split(".")) {
    if (value === null || typeof value !== "object") return false;
    value = (value as Record<string, unknown>)[key];
  }
  return value !== undefined && value !== null && value !== false;
}

/** Variables every rule may use: the negotiated version and, over HTTP, the endpoint. */
function runVariables(session: Session, revision: RevisionInfo): Record<string, unknown> {
  const vars: Record<string, unknown> = { protocol_version: revision.id };
  const target = session.server.target;
  if (target.kind === "http") {
    const url = new URL(target.url);
    vars.endpoint_path = url.pathname;
    vars.endpoint_url = `${url.origin}${url.pathname}`;
    vars.origin = url.origin;
  }
  return vars;
}

type Prepared =
  | { readonly rule: RuleSpec; readonly credentials?: ProbeCredentials }
  | { readonly skip: string }
  | { readonly failure: string };

/** Run the setup (when there is one) and fill the placeholders of the probe and expectations. */
async function prepare(
  session: Session,
  rule: RuleSpec,
  options: RunRulesOptions,
): Promise<Prepared> {
  let vars = runVariables(session, options.revision);
  // An http probe sends the server's auth: credentials; its token placeholders need a token.
  let credentials: ProbeCredentials | undefined;
  if (rule.probe.kind === "http" && session.server.target.kind === "http") {
    const auth = options.auth ?? new AuthRegistry();
    const needed = tokenPlaceholdersIn(rule.probe);
    const found = await probeCredentials(session, auth, needed, options.timeoutMs);
    if (!("credentials" in found)) return found;
    credentials = found.credentials;
  }
  if (rule.setup !== undefined) {
    const setup = await runSetup(session, rule.setup, options.timeoutMs);
    if (!("vars" in setup)) return setup;
    vars = { ...vars, ...setup.vars };
  }
  const probe = fillTemplates(rule.probe, vars);
  const expect = fillTemplates(rule.expect, vars);
  // An http probe fills its own session variables ({{session_id}}) per request, and the token
  // placeholders at send time (tokens never enter a filled rule).
  const sendTime: readonly string[] = ["session_id", ...TOKEN_PLACEHOLDERS];
  const missing = [...probe.missing, ...expect.missing].filter((name) =>
    !(rule.probe.kind === "http" && sendTime.includes(name))
  );
  if (missing.length > 0) {
    return { failure: `rule uses undefined placeholders: ${[...new Set(missing)].join(", ")}` };
  }
  const filled = { ...rule, probe: probe.value, expect: expect.value };
  return credentials === undefined ? { rule: filled } : { rule: filled, credentials };
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
  const elapsed = () => Math.round(performance.now() - started);
  const prepared = await prepare(session, rule, options);
  if ("skip" in prepared) {
    return {
      ...base,
      status: "skip",
      durationMs: elapsed(),
      assertions: [],
      skipReason: prepared.skip,
    };
  }
  if ("failure" in prepared) {
    // The rule could not be judged (its setup failed): an error, not a verdict on the rule.
    return {
      ...base,
      status: "error",
      durationMs: elapsed(),
      assertions: [],
      failure: { message: prepared.failure },
    };
  }
  const { rule: filled, credentials } = prepared;
  const outcome = await probeOutcome(session, filled, options, credentials);
  if (outcome.error !== undefined) {
    const failure = { message: `could not run: ${outcome.error}` };
    return { ...base, status: "error", durationMs: elapsed(), assertions: [], failure };
  }
  const suiteDir = options.suiteDir ?? ".";
  const unjudged = filled.requires === "response" && !answered(outcome.root)
    ? `no answer to judge (${outcome.failure ?? "the server sent none"}); ` +
      "the rule that requires the answer judges its absence"
    : undefined;
  if (unjudged !== undefined) {
    return { ...base, status: "skip", durationMs: elapsed(), assertions: [], skipReason: unjudged };
  }
  const assertions = await assertAll(outcome.root, filled.expect, pos, suiteDir);
  const passed = assertions.every((a) => a.status === "pass");
  const unmet = passed ? await unverified(outcome.root, filled, pos, suiteDir) : undefined;
  const vacuous = unmet !== undefined && outcome.unverified !== undefined
    ? `not verified: ${outcome.unverified}`
    : unmet;
  const result: TestResult = vacuous !== undefined
    ? { ...base, status: "skip", durationMs: elapsed(), assertions, skipReason: vacuous }
    : {
      ...base,
      status: passed ? "pass" : "fail",
      durationMs: elapsed(),
      assertions,
      ...(outcome.failure === undefined || passed ? {} : { failure: { message: outcome.failure } }),
    };
  // A server may echo a token (or a fetch error name the URL that carried one): never keep it.
  const secrets = credentials === undefined ? [] : credentialSecrets(credentials);
  return secrets.length === 0 ? result : redactTests([result], secrets)[0]!;
}

/** Run the rule's probe: over the session, with the server's credentials, or on sessions of its own. */
async function probeOutcome(
  session: Session,
  rule: RuleSpec,
  options: RunRulesOptions,
  credentials: ProbeCredentials | undefined,
): Promise<ProbeOutcome> {
  const { probe } = rule;
  const { timeoutMs, revision } = options;
  if (credentials !== undefined && probe.kind === "http") {
    return await runCredentialedHttpProbe(session, probe, revision, timeoutMs, credentials);
  }
  const { openClientSession: open, safeTools = [] } = options;
  if (probe.kind === "ui_resources" && open !== undefined) {
    const probes = { open, safeTools, timeoutMs, shared: session };
    return await clientProbeOutcome(options, options.clientProbes, "apps", probes);
  }
  if (probe.kind === "client_capability") {
    if (open === undefined) {
      return {
        root: {},
        error: "this rule needs sessions of its own, and none can be opened here",
      };
    }
    const probes = { open, safeTools, timeoutMs, shared: session };
    return await clientProbeOutcome(options, options.clientProbes, probe.capability, probes);
  }
  const watchWire = rule.expect.some((e) => e.target.startsWith("transport_observation"));
  return await runProbe(session, probe, revision, timeoutMs, watchWire);
}

/** Whether a probe's root holds an answer (a JSON-RPC response envelope). */
function answered(root: Record<string, unknown>): boolean {
  return root.response !== undefined && root.response !== null;
}

/**
 * For a rule that passed: why the pass proves nothing (its `verified_when` evidence is missing),
 * or undefined when it stands. The reason starts `not verified:` in every report.
 */
async function unverified(
  root: Record<string, unknown>,
  rule: RuleSpec,
  pos: SourcePos,
  suiteDir: string,
): Promise<string | undefined> {
  if (rule.verified_when === undefined) return undefined;
  const evidence = await assertAll(root, rule.verified_when, pos, suiteDir);
  const missing = evidence.filter((a) => a.status !== "pass");
  if (missing.length === 0) return undefined;
  const what = missing.map((a) => `${a.target}: expected ${a.expected}, actual ${a.actual}`);
  return `not verified: the probe observed nothing that could show a violation (${
    what.join("; ")
  })`;
}

/** How many extra sessions the raw rules share over HTTP (each runs its share one at a time). */
export const RAW_SESSIONS = 2;

/**
 * Run `rules` over one session, results in rule order. Rules on a session never overlap: at most
 * one raw frame is in flight per connection, so an answer that carries no usable id (`id: null`)
 * can only be that frame's, and what a probe draws is told apart by the session's fence (on
 * stdio, the answers to pings sent after it), never by a wait. With `openSession`, `fresh` rules
 * run on connections of their own beside the shared session, and over HTTP the `raw` rules run on
 * {@link RAW_SESSIONS} sessions of their own (one rule at a time on each). On stdio the raw rules
 * run last on the shared session: a frame the server drops costs two pings, less than a second
 * server process would.
 */
export async function runRules(
  session: Session,
  rules: readonly RuleSpec[],
  options: RunRulesOptions,
): Promise<TestResult[]> {
  const results = new Array<TestResult>(rules.length);
  const http = session.server.target.kind === "http";
  const runs = (i: number) =>
    skipReason(rules[i]!, options.registry[rules[i]!.id], session) === undefined;
  // One credentials state for every rule of the run (one token, not one per probe), and one
  // run of the probes on sessions of their own (a new options object: the run they share).
  options = {
    ...options,
    auth: options.auth ?? new AuthRegistry(),
    clientProbes: {
      capabilities: rules.flatMap((rule, i) =>
        rule.probe.kind === "client_capability" && runs(i) ? [rule.probe.capability] : []
      ),
      apps: rules.some((rule, i) => rule.probe.kind === "ui_resources" && runs(i)),
    },
  };
  const raw = rules.flatMap((rule, i) => rule.probe.kind === "raw" && runs(i) ? [i] : []);
  const fresh = options.openSession === undefined
    ? []
    : rules.flatMap((rule, i) => rule.probe.kind === "fresh" ? [i] : []);
  // Capability rules run on sessions of their own, side by side, beside the shared session.
  const capability = options.openClientSession === undefined
    ? []
    : rules.flatMap((rule, i) => rule.probe.kind === "client_capability" ? [i] : []);
  const apart = http && options.openSession !== undefined ? raw : [];
  const last = http && options.openSession !== undefined ? [] : raw;
  const elsewhere = new Set([...fresh, ...raw, ...capability]);
  const onSession = rules.flatMap((_, i) => elsewhere.has(i) ? [] : [i]);
  const run = (target: Session, i: number) => runRule(target, rules[i]!, options);
  const shares = Array.from(
    { length: Math.min(RAW_SESSIONS, apart.length) },
    (_, k) => apart.filter((_, n) => n % RAW_SESSIONS === k),
  );
  const onSessionLate: number[] = [];
  const ownSessions = shares.map(async (share) => {
    let own: Session | undefined;
    try {
      own = await options.openSession!();
    } catch {
      own = undefined; // could not open one: these rules go to the shared session, in turn
    }
    if (own === undefined) {
      onSessionLate.push(...share);
      return;
    }
    try {
      for (const i of share) results[i] = await run(own, i);
    } finally {
      await own.close();
    }
  });
  const freshRuns = fresh.map(async (i) => {
    results[i] = await run(session, i);
  });
  // The capability rules share two sessions (one declaring their capabilities, one not): they run
  // side by side, the first to start runs the shared probe, in rule order, the others await it.
  const capabilityRuns = capability.map(async (i) => {
    results[i] = await run(session, i);
  });
  for (const i of onSession) results[i] = await run(session, i);
  for (const i of last) results[i] = await run(session, i);
  await Promise.all(ownSessions);
  for (const i of onSessionLate.sort((a, b) => a - b)) results[i] = await run(session, i);
  await Promise.all([...freshRuns, ...capabilityRuns]);
  return results;
}
