/** @module The SEP corpus as data: the upstream `sep-NNNN.yaml` shape, severities and check statuses. */

/** RFC 2119 severity of a requirement, from the first keyword of its text. */
export type RequirementSeverity = "must" | "should" | "may";

/** One `requirements:` entry that names a check (a probe may implement it). */
export interface CheckedRequirement {
  /** The check id a probe implements. */
  readonly check: string;
  /** The requirement's text. */
  readonly text: string;
  /** The spec URL of the requirement. */
  readonly url?: string;
}

/** One `requirements:` entry excluded from scoring, with the reason. */
export interface ExcludedRequirement {
  /** The requirement's text. */
  readonly text: string;
  /** Why it is excluded from scoring. */
  readonly excluded: string;
  /** The spec URL of the requirement. */
  readonly url?: string;
}

/** A requirement: checked or excluded. */
export type Requirement = CheckedRequirement | ExcludedRequirement;

/** One `sep-NNNN.yaml` file (upstream format: `sep`, `spec_url`, `requirements`). */
export interface SepFile {
  /** The SEP number. */
  readonly sep: number;
  /** The spec page the SEP changed. */
  readonly spec_url: string;
  /** The SEP's requirements, in file order. */
  readonly requirements: readonly Requirement[];
}

/** Every SEP file of one spec version. */
export interface SepCorpus {
  /** The spec version (the directory name: `2025-11-25`, `2026-07-28-rc`, ...). */
  readonly version: string;
  /** SEP files, ordered by SEP number. */
  readonly seps: readonly SepFile[];
}

/** The embedded corpus: version -> SEP files (built from seps/ by build_corpus.ts). */
export interface EmbeddedCorpus {
  readonly versions: Readonly<Record<string, readonly SepFile[]>>;
}

/** Where the corpus of a run came from (seed 002). */
export type CorpusSource = "override" | "cache" | "embedded";

/**
 * The verdict on one check.
 * - `pass` / `fail`: a probe decided.
 * - `not-applicable`: the server does not offer the feature (capability not advertised, HTTP-only
 *   requirement on stdio, authorization not required); left out of the totals.
 * - `not-verified`: a probe ran but could not reach a verdict; left out of the totals.
 * - `untested`: no probe implements the check id; left out of the totals.
 */
export type CheckStatus = "pass" | "fail" | "not-applicable" | "not-verified" | "untested";

/** Whether a requirement is a checked one. */
export function isChecked(requirement: Requirement): requirement is CheckedRequirement {
  return "check" in requirement && typeof requirement.check === "string";
}
