/** @module Connect to a server pinned to a corpus revision and run its rules; a failed handshake fails the handshake rules. */

import type { ServerSpec } from "../../3_load/config/types.ts";
import { ConfigError } from "../../0_base/errors/errors.ts";
import { findRevision } from "../../0_base/protocol/revisions.ts";
import type { TestResult } from "../../4_record/run_record.ts";
import type { Session } from "../../2_connect/session/types.ts";
import { ConnectError } from "../../2_connect/transport/failure_layer.ts";
import { COMPLIANCE_CORPUS, corpusFor } from "../../3_load/compliance_corpus/embedded.ts";
import { ruleName, ruleRef, runRules } from "./engine/run_rules.ts";
import { assertAll } from "./engine/assert.ts";
import type { ComplianceCorpus, RuleSpec } from "../../3_load/compliance_corpus/types.ts";
import {
  CORPUS_VERSIONS,
  validateComplianceVersion,
} from "../../3_load/compliance_corpus/versions.ts";
import type { SourcePos } from "../../0_base/errors/errors.ts";
import { AuthRegistry } from "../../2_connect/auth/registry.ts";
import type { ConnectAuth } from "../../2_connect/session/connect.ts";
import type { SafeTool } from "../../3_load/config/safe_tool.ts";

/** Inputs of {@link runCompliance}. */
export interface RunComplianceOptions {
  /**
   * The run's credentials (what `runSuite` shares between tests and compliance blocks): http
   * probes then send the same token. Another implementation than the run's own registry is not
   * used by the probes, which then keep a credentials state of their own.
   */
  readonly auth?: ConnectAuth;
  /** The server the rules run against. */
  readonly server: ServerSpec;
  /** A corpus directory name (`v2025-06-18`, `draft`). */
  readonly version: string;
  /** Only these rule ids (default: every rule of the revision). */
  readonly only?: readonly string[];
  /** Opens a session (the live {@link connect}, or a fake in tests). */
  readonly connect: (server: ServerSpec) => Promise<Session>;
  /** The rule corpus; default: the embedded one. */
  readonly corpus?: ComplianceCorpus;
  /** Suite file the results are reported under. */
  readonly file?: string;
  /** Where the block was declared (for messages and result positions). */
  readonly pos?: SourcePos;
  /** Directory of the suite file (snapshot matchers). */
  readonly suiteDir?: string;
  /** Per-request timeout in milliseconds. */
  readonly timeoutMs?: number;
  /**
   * An open session to use when it already speaks the revision (the unpinned handshake of a run
   * that picked its revision from the server); closed by the run either way.
   */
  readonly session?: Session;
  /**
   * The tools the capability rules may call (`--safe-tool`, a block's `safe_tools:`), with their
   * arguments; none: the tools annotated read-only that name the capability (docs/compliance.md).
   */
  readonly safeTools?: readonly SafeTool[];
}

/** What a compliance run of one server produced. */
export interface ComplianceRun {
  /** One result per rule, of kind `compliance`. */
  readonly results: TestResult[];
  /** The revision the session negotiated, when one did. */
  readonly protocolVersion?: string;
  /** Why the server could not be used, when it could not. */
  readonly connectFailure?: string;
  /**
   * Set when the server does not speak the requested revision (it negotiates another): no rule
   * ran, and `line` says so once (`server speaks up to 2025-11-25; v2026-07-28 rules not run`).
   */
  readonly revisionUnavailable?: {
    readonly requested: string;
    readonly speaks: string;
    readonly line: string;
  };
}

/**
 * The corpus version for a server that negotiated revision `negotiated` (`2025-11-25`): that
 * revision's directory, else the newest older one; `draft` never (it is only ever asked for).
 */
export function pickComplianceVersion(negotiated: string): string {
  const dated = CORPUS_VERSIONS.filter((v) => v !== "draft");
  if (dated.includes(`v${negotiated}`)) return `v${negotiated}`;
  return dated.filter((v) => v.slice(1) < negotiated).at(-1) ?? dated[0]!;
}

/** The one line a run against a server that lacks the requested revision prints. */
export function revisionUnavailableLine(requested: string, speaks: string): string {
  return `server speaks up to ${speaks}; ${requested} rules not run`;
}

/**
 * The revision an unpinned handshake settles on (the newest the server negotiates), or undefined
 * when even that fails. The session is closed.
 */
async function negotiatedRevision(options: RunComplianceOptions): Promise<string | undefined> {
  const { revision: _pin, ...unpinned } = options.server;
  try {
    const session = await options.connect(unpinned);
    try {
      return session.protocolVersion;
    } finally {
      await session.close();
    }
  } catch {
    return undefined;
  }
}

/** `2025-06-18` -> `v2025-06-18` when that corpus exists (the CLI accepts both); else as given. */
export function withVersionPrefix(name: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(name) && CORPUS_VERSIONS.includes(`v${name}`)
    ? `v${name}`
    : name;
}

/** Run the rules of `options.version` against `options.server`. */
export async function runCompliance(options: RunComplianceOptions): Promise<ComplianceRun> {
  const version = validateComplianceVersion(options.version, options.pos);
  const corpus = options.corpus === undefined
    ? corpusFor(version)
    : options.corpus.revisions[version];
  const registry = (options.corpus ?? COMPLIANCE_CORPUS).registry;
  const revision = findRevision(version);
  if (!corpus || !revision) {
    throw new ConfigError(`no compliance corpus for ${version}`, options.pos);
  }
  const rules = options.only === undefined
    ? corpus.rules
    : corpus.rules.filter((r) => options.only!.includes(r.id));
  const file = options.file ?? `compliance/${version}`;
  if (options.session && options.session.protocolVersion !== revision.id) {
    await options.session.close();
  }
  const timeoutMs = options.timeoutMs ?? options.server.timeoutMs;
  let session: Session;
  try {
    session = options.session?.protocolVersion === revision.id
      ? options.session
      : await options.connect({ ...options.server, revision: revision.id });
  } catch (error) {
    if (error instanceof ConfigError) throw error;
    const message = error instanceof Error ? error.message : String(error);
    const handshakeFailed = error instanceof ConnectError && error.layer === "initialize";
    // A server without the stateless (2026) lifecycle fails its handshake outright; what an
    // unpinned handshake negotiates then names the revision it does speak. (An initialize-era
    // answer with another version stays a verdict of the handshake rules: PROTO-003/004.)
    if (handshakeFailed && revision.lifecycle === "stateless") {
      const speaks = await negotiatedRevision(options);
      if (speaks !== undefined && speaks !== revision.id) {
        return {
          results: [],
          protocolVersion: speaks,
          revisionUnavailable: {
            requested: version,
            speaks,
            line: revisionUnavailableLine(version, speaks),
          },
        };
      }
    }
    const whenPresent = await Promise.all(rules.map((rule) => appliesWhenPresent(rule)));
    return {
      results: rules.map((rule, i) =>
        failed(rule, message, handshakeFailed, whenPresent[i]!, {
          version,
          file,
          registry,
          server: options.server.name,
          ...(options.pos ? { pos: options.pos } : {}),
        })
      ),
      connectFailure: message,
    };
  }
  try {
    const results = await runRules(session, rules, {
      version,
      revision,
      registry,
      file,
      timeoutMs,
      openSession: () => options.connect({ ...options.server, revision: revision.id }),
      openClientSession: (client) =>
        options.connect({ ...options.server, revision: revision.id, client }),
      ...(options.safeTools ? { safeTools: options.safeTools } : {}),
      ...(options.auth instanceof AuthRegistry ? { auth: options.auth } : {}),
      ...(options.pos ? { pos: options.pos } : {}),
      ...(options.suiteDir ? { suiteDir: options.suiteDir } : {}),
    });
    return { results, protocolVersion: session.protocolVersion };
  } finally {
    await session.close();
  }
}

/** Where rule results are attributed: revision, file, server, position, and the registry. */
interface ResultSite {
  readonly version: string;
  readonly file: string;
  readonly registry: ComplianceCorpus["registry"];
  readonly server: string;
  readonly pos?: SourcePos;
}

/** Where a rule result is attributed. */
function resultBase(
  rule: RuleSpec,
  at: ResultSite,
  entry: ComplianceCorpus["registry"][string] | undefined,
) {
  return {
    id: `compliance::${at.version}::${rule.id}`,
    name: ruleName(entry, rule.id, at.version),
    kind: "compliance" as const,
    server: at.server,
    file: at.file,
    line: at.pos?.line ?? 1,
    col: at.pos?.col ?? 1,
    budgets: [],
    ...(entry ? { rule: ruleRef(entry, at.version) } : {}),
  };
}

/**
 * Whether a handshake rule only constrains fields when they are present: its expectations all
 * hold on an empty handshake result (no field to judge), as `instructions, when present, is a
 * string` does and `initialize returns capabilities` does not.
 */
export async function appliesWhenPresent(rule: RuleSpec): Promise<boolean> {
  if (rule.probe.kind !== "handshake") return false;
  const pos = { file: "compliance", line: 1, col: 1 };
  const assertions = await assertAll({ result: {} }, rule.expect, pos, ".");
  return assertions.every((a) => a.status === "pass");
}

function failed(
  rule: RuleSpec,
  message: string,
  handshakeFailed: boolean,
  whenPresent: boolean,
  at: ResultSite,
): TestResult {
  const handshakeRule = rule.probe.kind === "handshake";
  const entry = at.registry[rule.id];
  if (handshakeRule && handshakeFailed && whenPresent) {
    return {
      ...resultBase(rule, at, entry),
      status: "skip",
      durationMs: 0,
      assertions: [],
      skipReason: `the handshake failed, so there is nothing to judge: the rule applies when ` +
        `its field is present (${message})`,
    };
  }
  return {
    id: `compliance::${at.version}::${rule.id}`,
    name: ruleName(at.registry[rule.id], rule.id, at.version),
    kind: "compliance",
    server: at.server,
    file: at.file,
    line: at.pos?.line ?? 1,
    col: at.pos?.col ?? 1,
    status: handshakeRule && handshakeFailed ? "fail" : "error",
    durationMs: 0,
    assertions: [],
    budgets: [],
    ...(entry ? { rule: ruleRef(entry, at.version) } : {}),
    failure: {
      message: handshakeRule && handshakeFailed
        ? `handshake rejected: ${message}`
        : `could not run: ${message}`,
    },
  };
}
