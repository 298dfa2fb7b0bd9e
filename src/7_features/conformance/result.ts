/** @module The conformance result: seed 002's result.json shape plus documented extra fields. */

import type { Badge, SeverityCount, Tier } from "./tier.ts";
import type { CheckStatus, CorpusSource, RequirementSeverity } from "./types.ts";

/** The verdict on one checked requirement. */
export interface CheckResult {
  /** The check id. */
  readonly check: string;
  /** The SEP the requirement belongs to. */
  readonly sep: number;
  /** RFC 2119 severity of the requirement. */
  readonly severity: RequirementSeverity;
  /** The verdict. */
  readonly status: CheckStatus;
  /** Why, in one line (absent for untested checks). */
  readonly detail?: string;
  /**
   * Set (true) on a not-verified check whose probe's request got no answer at all: the deadline
   * (`--timeout`) passed or the connection closed under it. A MUST one caps the tier at tier-3.
   */
  readonly unanswered?: true;
  /** The requirement's text. */
  readonly text: string;
  /** The spec URL of the requirement. */
  readonly url?: string;
}

/** One excluded requirement (never scored). */
export interface ExcludedResult {
  /** The SEP the requirement belongs to. */
  readonly sep: number;
  /** RFC 2119 severity of the requirement. */
  readonly severity: RequirementSeverity;
  /** The requirement's text. */
  readonly text: string;
  /** Why it is excluded from scoring. */
  readonly reason: string;
}

/** Per-SEP counts: the seed's four fields first, then the other statuses. */
export interface SepSummary {
  /** The SEP number. */
  readonly sep: number;
  /** Checks that reached a verdict (pass or fail). */
  readonly tested: number;
  /** Checks that passed. */
  readonly passed: number;
  /** Requirements excluded from scoring. */
  readonly excluded: number;
  /** Checks that failed. */
  readonly failed: number;
  /** Checks the server's features made not applicable. */
  readonly not_applicable: number;
  /** Checks whose probe reached no verdict. */
  readonly not_verified: number;
  /** Checks no probe implements. */
  readonly untested: number;
}

/** How many checks ended in each status. */
export interface StatusCounts {
  /** Checks that passed. */
  readonly pass: number;
  /** Checks that failed. */
  readonly fail: number;
  /** Checks the server's features made not applicable. */
  readonly not_applicable: number;
  /** Checks whose probe reached no verdict. */
  readonly not_verified: number;
  /** Checks no probe implements. */
  readonly untested: number;
  /** Requirements excluded from scoring. */
  readonly excluded: number;
}

/**
 * The JSON reporter's output (`result.json`). The first eight keys are exactly seed 002's shape;
 * the rest are mcptest additions documented in docs/conformance.md.
 */
export interface ConformanceResult {
  /** The spec version scored against. */
  readonly target_version: string;
  /** Where the corpus came from. */
  readonly corpus_source: CorpusSource;
  /** MUST checks passed out of those tested. */
  readonly must: SeverityCount;
  /** SHOULD checks passed out of those tested. */
  readonly should: SeverityCount;
  /** MAY checks passed out of those tested. */
  readonly may: SeverityCount;
  /** The tier the counts earn. */
  readonly tier: Tier;
  /** The tier's short badge. */
  readonly badge: Badge;
  /** Counts per SEP, by SEP number. */
  readonly per_sep: readonly SepSummary[];
  /** Version of this shape (1). */
  readonly schema_version: 1;
  /** The rule that set the tier, in words. */
  readonly tier_reason: string;
  /**
   * How the target version was chosen: `flag` (--target-version forced it) or `server` (the newest
   * revision the server negotiates that has a corpus).
   */
  readonly target_from?: "flag" | "server";
  /** The server as given to --server (URL, or `stdio://<command>`). */
  readonly server: string;
  /** The transport the session ran over. */
  readonly transport: "stdio" | "http";
  /** The revision the session negotiated (null if the handshake failed). */
  readonly protocol_version: string | null;
  /** Why the session could not speak the target version, when it could not. */
  readonly handshake_error?: string;
  /** How many checks ended in each status. */
  readonly statuses: StatusCounts;
  /** Every checked requirement with its verdict. */
  readonly checks: readonly CheckResult[];
  /** Every excluded requirement. */
  readonly excluded: readonly ExcludedResult[];
  /** The tool that produced the result. */
  readonly tool: { readonly name: "mcptest"; readonly version: string };
  /** Wall-clock time of the run in milliseconds. */
  readonly duration_ms: number;
}

/**
 * The JSON report of a run that did not score (exit 7): the server does not speak the
 * `--target-version` asked for. No check ran, so there is no tier; `reason` is the one line the
 * command prints, in `compliance run`'s words.
 */
export interface ConformanceUnavailable {
  /** The spec version asked for (`--target-version`). */
  readonly target_version: string;
  /** Where the corpus came from. */
  readonly corpus_source: CorpusSource;
  /** Version of this shape (1). */
  readonly schema_version: 1;
  /** Why no check ran. */
  readonly status: "revision-unavailable";
  /** The line printed: `server speaks up to <revision>; <target> rules not run`. */
  readonly reason: string;
  /** The revision the server negotiates when left free. */
  readonly protocol_version: string;
  /** The server as given to --server (URL, or `stdio://<command>`). */
  readonly server: string;
  /** The transport the session ran over. */
  readonly transport: "stdio" | "http";
  /** The exit code of the command (7). */
  readonly exit_code: number;
  /** The tool that produced the report. */
  readonly tool: { readonly name: "mcptest"; readonly version: string };
}
