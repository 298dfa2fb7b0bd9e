/** @module The compliance corpus contract: registry metadata and per-revision rule definitions (plain data). */

/** RFC 2119 severity of a rule. */
export type RuleSeverity = "MUST" | "SHOULD" | "MAY";

/** A corpus directory name under compliance/: `v2024-11-05` ... `v2026-07-28`, `draft`. */
export type ComplianceVersion = string;

/** The spec sentence a rule rests on in a range of revisions (compliance/registry.yml `cite:`). */
export interface Citation {
  /** `v2025-06-18`, or an inclusive range `v2024-11-05..v2025-11-25` in corpus order. */
  readonly revisions: string;
  /** The spec page (and anchor) the sentence is on. */
  readonly url: string;
  /** The short normative sentence, as the spec words it (fragments joined by ` ... `). */
  readonly sentence: string;
  /** The severity the sentence's RFC 2119 keyword sets (SHOULD or MAY when it has none). */
  readonly severity: RuleSeverity;
  /** Why the rule stands on a sentence without a keyword, or how it reads the sentence. */
  readonly note?: string;
}

/** Registry metadata of one rule (compliance/registry.yml): the source of truth for everything but behaviour. */
export interface RegistryEntry {
  /** `PREFIX-NNN`, never reused. */
  readonly id: string;
  /** One-line title of the rule. */
  readonly title: string;
  /** The id prefix (PROTO, SCHEMA, SEQ, TOOL, RES, ...). */
  readonly area: string;
  /** The severity in every revision that `severities` does not override (set by `cite`). */
  readonly severity: RuleSeverity;
  /**
   * Per-revision severity where it differs from `severity` (`{draft: MUST}`). Registry metadata only:
   * a severity move is never a change of expected behaviour, so the version diff ignores it.
   */
  readonly severities?: Readonly<Record<ComplianceVersion, RuleSeverity>>;
  /** Server capability that gates the rule (`tools`, `resources`, `prompts`, `completions`, `logging`, `elicitation`, ...); absent = always runs. */
  readonly capability?: string;
  /** Spec URL the rule enforces. */
  readonly spec_url: string;
  /** The sentences the rule rests on, covering every revision it runs in (retired rules: none). */
  readonly cite?: readonly Citation[];
  /** Retirement stamp: the rule keeps its id forever. */
  readonly deprecated?: { readonly since: ComplianceVersion; readonly reason: string };
}

/** One HTTP request of an http probe (the probe itself, or a step before it). */
export interface HttpRequestSpec {
  /** HTTP method of the request. */
  readonly method: "GET" | "POST" | "DELETE" | "OPTIONS";
  /** Extra request headers (templates allowed). */
  readonly headers?: Readonly<Record<string, string>>;
  /** Request body, sent as-is (templates allowed). */
  readonly body?: string;
  /**
   * Send to this path on the endpoint's origin instead of the endpoint itself (templates allowed:
   * `/.well-known/oauth-protected-resource{{endpoint_path}}`).
   */
  readonly path?: string;
  /** Drop the credentials (`Authorization`) the server is configured with. */
  readonly omit_credentials?: boolean;
}

/** How a rule talks to the server. */
export type RuleProbe =
  /** The handshake result itself (initialize result, or server/discover for stateless revisions). */
  | { readonly kind: "handshake" }
  /** A JSON-RPC request over the session; `repeat` sends it that many times (REPLAY rules). */
  | {
    readonly kind: "request";
    readonly method: string;
    readonly params?: Readonly<Record<string, unknown>>;
    readonly repeat?: number;
  }
  /**
   * A notification; the root holds what it drew (normally nothing): on stdio everything that came
   * before the answers to the fence pings sent after it, over HTTP its own POST's response.
   */
  | {
    readonly kind: "notification";
    readonly method: string;
    readonly params?: Readonly<Record<string, unknown>>;
  }
  /** A raw frame sent as-is (malformed JSON, a batch, a wrong jsonrpc version), `repeat` times. */
  | {
    readonly kind: "raw";
    readonly frame: string;
    readonly expect_id?: string | number;
    readonly repeat?: number;
  }
  /** A raw frame on a connection of its own, before any handshake (an initialize with odd params). */
  | { readonly kind: "fresh"; readonly frame: string; readonly expect_id?: string | number }
  /**
   * A client capability exercised for real, on two sessions of its own: one whose client declares
   * `capability` (with mcptest's scripted replies), one that declares nothing; each calls the tools
   * safe to call (named by the user, else the read-only ones) and keeps the server's requests.
   */
  | {
    readonly kind: "client_capability";
    readonly capability: "sampling" | "elicitation" | "roots";
  }
  /**
   * MCP Apps: `tools/list`, then `resources/read` of the UI resource each tool names in
   * `_meta.ui.resourceUri` (and its `resources/list` entry); the root is `apps`.
   */
  | { readonly kind: "ui_resources" }
  /** An HTTP-level action on the endpoint (Streamable HTTP only; skipped on stdio). */
  | HttpRequestSpec & {
    readonly kind: "http";
    /** Requests sent first, with the same variables (e.g. a DELETE before reusing the session). */
    readonly before?: readonly HttpRequestSpec[];
  };

/** A value a setup request provides: a target path into its root, optionally transformed. */
export type SetupPick = string | {
  readonly path: string;
  /**
   * `argument_values`: a prompt's `arguments` list -> `{<required name>: "mcptest"}`.
   * `required_names`: a prompt's `arguments` list -> the names of the required ones.
   */
  readonly as: "argument_values" | "required_names";
};

/**
 * A request made before the probe, whose result fills the probe's `{{name}}` placeholders (a listed
 * resource's uri, a listed prompt's name). A pick that finds nothing (or an empty list) skips the
 * rule with the reason, since the server offers nothing the rule can be checked on.
 */
export interface RuleSetup {
  /** JSON-RPC method of the setup request (`resources/list`). */
  readonly method: string;
  /** Params of the setup request. */
  readonly params?: Readonly<Record<string, unknown>>;
  /** Placeholder name -> the value of the result that fills it. */
  readonly pick: Readonly<Record<string, SetupPick>>;
}

/**
 * What a rule needs beyond a capability: `authorization` = the server is configured with
 * credentials (checked before the probe); `response` = the probe got an answer (checked after it:
 * a rule that constrains a field of the answer is skipped when none came, since the rule that
 * demands the answer already judges its absence, and one missing reply is not counted twice).
 */
export type RuleRequirement = "authorization" | "response";

/** One assertion of a rule, in the same shape as a test file's (`target` + `matcher: {name: arg}`). */
export interface RuleExpectation {
  /** Target path into the probe's root (`result.tools`, `error.code`). */
  readonly target: string;
  /** One matcher as written: `{name: arg}`. */
  readonly matcher: Readonly<Record<string, unknown>>;
}

/** A rule as one revision defines its behaviour. */
export interface RuleSpec {
  /** `PREFIX-NNN`, the registry id. */
  readonly id: string;
  /** What the rule sends to the server. */
  readonly probe: RuleProbe;
  /** Assertions on the probe's root; all must pass. */
  readonly expect: readonly RuleExpectation[];
  /** Transport restriction (`http` rules skip on stdio with a reason). */
  readonly transport?: "any" | "http" | "stdio";
  /** A request whose result fills the probe's placeholders (see {@link RuleSetup}). */
  readonly setup?: RuleSetup;
  /** Run (or, for `response`, judge) only when this holds, else skip with the reason. */
  readonly requires?: RuleRequirement;
  /**
   * What must have been observed for a pass to mean anything (same shape as `expect`): a rule about
   * something the server must not do passes vacuously when the probe could not have drawn it. When
   * these do not all hold, a would-be pass is reported not verified (a skip saying so), never a
   * pass; a failure stays a failure.
   */
  readonly verified_when?: readonly RuleExpectation[];
}

/** One revision's complete corpus (not a delta). */
export interface RevisionCorpus {
  /** The corpus directory name (`v2025-06-18`, `draft`). */
  readonly version: ComplianceVersion;
  /** Rules ordered by id. */
  readonly rules: readonly RuleSpec[];
}

/** The whole embedded corpus: registry + every revision. */
export interface ComplianceCorpus {
  /** Registry metadata by rule id. */
  readonly registry: Readonly<Record<string, RegistryEntry>>;
  /** Each revision's rules by corpus directory name. */
  readonly revisions: Readonly<Record<ComplianceVersion, RevisionCorpus>>;
}
