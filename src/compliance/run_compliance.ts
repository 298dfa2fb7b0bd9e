/** @module Connect to a server pinned to a corpus revision and run its rules; a failed handshake fails the handshake rules. */

import type { ServerSpec } from "../config/types.ts";
import { ConfigError } from "../errors/errors.ts";
import { findRevision } from "../protocol/revisions.ts";
import type { TestResult } from "../record/run_record.ts";
import type { Session } from "../session/types.ts";
import { ConnectError } from "../transport/failure_layer.ts";
import { COMPLIANCE_CORPUS, corpusFor } from "./corpus/embedded.ts";
import { ruleName, ruleRef, runRules } from "./engine/run_rules.ts";
import type { ComplianceCorpus, RuleSpec } from "./corpus/types.ts";
import { CORPUS_VERSIONS } from "./corpus/versions.ts";
import type { SourcePos } from "../errors/errors.ts";

/** Inputs of {@link runCompliance}. */
export interface RunComplianceOptions {
  readonly server: ServerSpec;
  /** A corpus directory name (`v2025-06-18`, `draft`). */
  readonly version: string;
  /** Only these rule ids (default: every rule of the revision). */
  readonly only?: readonly string[];
  readonly connect: (server: ServerSpec) => Promise<Session>;
  readonly corpus?: ComplianceCorpus;
  readonly file?: string;
  readonly pos?: SourcePos;
  readonly suiteDir?: string;
  readonly timeoutMs?: number;
}

/** What a compliance run of one server produced. */
export interface ComplianceRun {
  readonly results: TestResult[];
  readonly protocolVersion?: string;
  /** Why the server could not be used, when it could not. */
  readonly connectFailure?: string;
}

/**
 * Validate a corpus version name (exactly a directory name).
 * @throws {ConfigError} `unknown compliance spec_version: ...` (exit 2)
 */
export function validateComplianceVersion(name: string, pos?: SourcePos): string {
  if (!CORPUS_VERSIONS.includes(name)) {
    throw new ConfigError(
      `unknown compliance spec_version: ${JSON.stringify(name)}, expected one of: ${
        CORPUS_VERSIONS.join(", ")
      }`,
      pos,
    );
  }
  return name;
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
  const timeoutMs = options.timeoutMs ?? options.server.timeoutMs;
  let session: Session;
  try {
    session = await options.connect({ ...options.server, protocolVersion: revision.id });
  } catch (error) {
    if (error instanceof ConfigError) throw error;
    const message = error instanceof Error ? error.message : String(error);
    const handshakeFailed = error instanceof ConnectError && error.layer === "initialize";
    return {
      results: rules.map((rule) =>
        failed(rule, message, handshakeFailed, {
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
      ...(options.pos ? { pos: options.pos } : {}),
      ...(options.suiteDir ? { suiteDir: options.suiteDir } : {}),
    });
    return { results, protocolVersion: session.protocolVersion };
  } finally {
    await session.close();
  }
}

function failed(
  rule: RuleSpec,
  message: string,
  handshakeFailed: boolean,
  at: {
    version: string;
    file: string;
    registry: ComplianceCorpus["registry"];
    server: string;
    pos?: SourcePos;
  },
): TestResult {
  const handshakeRule = rule.probe.kind === "handshake";
  const entry = at.registry[rule.id];
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
