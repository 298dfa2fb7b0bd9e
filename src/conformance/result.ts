/** @module The conformance result: seed 002's result.json shape plus documented extra fields. */

import type { Badge, SeverityCount, Tier } from "./tier.ts";
import type { CheckStatus, CorpusSource, Severity } from "./types.ts";

/** The verdict on one checked requirement. */
export interface CheckResult {
  readonly check: string;
  readonly sep: number;
  readonly severity: Severity;
  readonly status: CheckStatus;
  /** Why, in one line (absent for untested checks). */
  readonly detail?: string;
  readonly text: string;
  readonly url?: string;
}

/** One excluded requirement (never scored). */
export interface ExcludedResult {
  readonly sep: number;
  readonly severity: Severity;
  readonly text: string;
  readonly reason: string;
}

/** Per-SEP counts: the seed's four fields first, then the other statuses. */
export interface SepSummary {
  readonly sep: number;
  /** Checks that reached a verdict (pass or fail). */
  readonly tested: number;
  readonly passed: number;
  readonly excluded: number;
  readonly failed: number;
  readonly not_applicable: number;
  readonly not_verified: number;
  readonly untested: number;
}

/** How many checks ended in each status. */
export interface StatusCounts {
  readonly pass: number;
  readonly fail: number;
  readonly not_applicable: number;
  readonly not_verified: number;
  readonly untested: number;
  readonly excluded: number;
}

/**
 * The JSON reporter's output (`result.json`). The first eight keys are exactly seed 002's shape;
 * the rest are mcptest additions documented in docs/conformance.md.
 */
export interface ConformanceResult {
  readonly target_version: string;
  readonly corpus_source: CorpusSource;
  readonly must: SeverityCount;
  readonly should: SeverityCount;
  readonly may: SeverityCount;
  readonly tier: Tier;
  readonly badge: Badge;
  readonly per_sep: readonly SepSummary[];
  /** Version of this shape (1). */
  readonly schema_version: 1;
  /** The rule that set the tier, in words. */
  readonly tier_reason: string;
  /** The server as given to --server (URL, or `stdio://<command>`). */
  readonly server: string;
  readonly transport: "stdio" | "http";
  /** The revision the session negotiated (null if the handshake failed). */
  readonly protocol_version: string | null;
  /** Why the session could not speak the target version, when it could not. */
  readonly handshake_error?: string;
  readonly statuses: StatusCounts;
  readonly checks: readonly CheckResult[];
  readonly excluded: readonly ExcludedResult[];
  readonly tool: { readonly name: "mcptest"; readonly version: string };
  readonly duration_ms: number;
}
