/** @module The compliance corpus contract: registry metadata and per-revision rule definitions (plain data). */

/** RFC 2119 severity of a rule. */
export type RuleSeverity = "MUST" | "SHOULD" | "MAY";

/** A corpus directory name under compliance/: `v2024-11-05` ... `v2026-07-28`, `draft`. */
export type CorpusVersion = string;

/** Registry metadata of one rule (compliance/registry.yml): the source of truth for everything but behaviour. */
export interface RegistryEntry {
  /** `PREFIX-NNN`, never reused. */
  readonly id: string;
  readonly title: string;
  /** The id prefix (PROTO, SCHEMA, SEQ, TOOL, RES, ...). */
  readonly area: string;
  /** The severity in every revision that `severities` does not override. */
  readonly severity: RuleSeverity;
  /**
   * Per-revision severity where it differs from `severity` (`{draft: MUST}`). Registry metadata only:
   * a severity move is never a change of expected behaviour, so the version diff ignores it.
   */
  readonly severities?: Readonly<Record<CorpusVersion, RuleSeverity>>;
  /** Server capability that gates the rule (`tools`, `resources`, `prompts`, `completions`, `logging`, `elicitation`, ...); absent = always runs. */
  readonly capability?: string;
  /** Spec URL the rule enforces. */
  readonly spec_url: string;
  /** Retirement stamp: the rule keeps its id forever. */
  readonly deprecated?: { readonly since: CorpusVersion; readonly reason: string };
}

/** How a rule talks to the server. */
export type RuleProbe =
  /** The handshake result itself (initialize result, or server/discover for stateless revisions). */
  | { readonly kind: "handshake" }
  /** A JSON-RPC request over the session. */
  | {
    readonly kind: "request";
    readonly method: string;
    readonly params?: Readonly<Record<string, unknown>>;
  }
  /** A notification; the root holds whatever arrived within `wait_ms` (normally nothing). */
  | {
    readonly kind: "notification";
    readonly method: string;
    readonly params?: Readonly<Record<string, unknown>>;
    readonly wait_ms?: number;
  }
  /** A raw frame sent as-is (malformed JSON, a batch, a wrong jsonrpc version). */
  | { readonly kind: "raw"; readonly frame: string; readonly expect_id?: string | number }
  /** An HTTP-level action on the endpoint (Streamable HTTP only; skipped on stdio). */
  | {
    readonly kind: "http";
    readonly method: "GET" | "POST" | "DELETE" | "OPTIONS";
    readonly headers?: Readonly<Record<string, string>>;
    readonly body?: string;
  };

/** One assertion of a rule, in the same shape as a test file's (`target` + `matcher: {name: arg}`). */
export interface RuleExpectation {
  readonly target: string;
  readonly matcher: Readonly<Record<string, unknown>>;
}

/** A rule as one revision defines its behaviour. */
export interface RuleSpec {
  readonly id: string;
  readonly probe: RuleProbe;
  readonly expect: readonly RuleExpectation[];
  /** Transport restriction (`http` rules skip on stdio with a reason). */
  readonly transport?: "any" | "http" | "stdio";
}

/** One revision's complete corpus (not a delta). */
export interface RevisionCorpus {
  readonly version: CorpusVersion;
  /** Rules ordered by id. */
  readonly rules: readonly RuleSpec[];
}

/** The whole embedded corpus: registry + every revision. */
export interface ComplianceCorpus {
  readonly registry: Readonly<Record<string, RegistryEntry>>;
  readonly revisions: Readonly<Record<CorpusVersion, RevisionCorpus>>;
}
