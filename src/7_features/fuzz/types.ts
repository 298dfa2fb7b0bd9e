/** @module The plain data of `mcptest fuzz`: targets, cases, findings and the report reporters render. */

/** What is fuzzed: a tool's arguments, a prompt's arguments, a resource template's URI variables. */
export type FuzzTargetKind = "tool" | "prompt" | "resource_template";

/** What went wrong on one case. */
export type FuzzFindingKind =
  | "crash"
  | "timeout"
  | "malformed_response"
  | "internal_error"
  | "accepted_invalid"
  | "rejected_valid";

/** Every finding kind, in report order. */
export const FINDING_KINDS: readonly FuzzFindingKind[] = [
  "crash",
  "timeout",
  "malformed_response",
  "internal_error",
  "accepted_invalid",
  "rejected_valid",
];

/** Whether a case's input validates against the target's schema (decided by a validator, not by intent). */
export type Expectation = "valid" | "invalid" | "unspecified";

/** One generated case: the input and how it was made (`valid`, `boundary`, `missing_required`, ...). */
export interface FuzzCase {
  /** The arguments object (tools, prompts) or the URI (resource templates). */
  readonly input: unknown;
  /** The strategy that made it. */
  readonly strategy: string;
}

/** One finding, shrunk to a minimal input. */
export interface FuzzFinding {
  /** What went wrong. */
  readonly kind: FuzzFindingKind;
  /** What was fuzzed. */
  readonly target: { readonly kind: FuzzTargetKind; readonly name: string };
  /** The minimal input that still shows it. */
  readonly input: unknown;
  /** Whether that input is valid for the schema. */
  readonly expectation: Expectation;
  /** The strategy that made the first failing case. */
  readonly strategy: string;
  /** What happened, in one line (server text escaped). */
  readonly message: string;
  /** How many shrink steps fast-check took. */
  readonly shrinks: number;
  /** The run's seed (`--seed`): the same seed and runs reproduce the finding. */
  readonly seed: number;
  /** fast-check's counterexample path within the round that found it. */
  readonly path: string;
  /** A ready-to-paste test of the suite format that fails until the server is fixed. */
  readonly yaml: string;
}

/** What happened to one target. */
export interface FuzzTargetResult {
  /** What it is. */
  readonly kind: FuzzTargetKind;
  /** Its name (the template's `uriTemplate` for a template). */
  readonly name: string;
  /** `fuzzed`, `skipped` (annotations, or nothing to vary) or `error` (the server could not be restarted). */
  readonly status: "fuzzed" | "skipped" | "error";
  /** Why it was skipped, or the error. */
  readonly reason?: string;
  /** How many cases were sent (shrink steps included). */
  readonly cases: number;
  /** How many findings it gave. */
  readonly findings: number;
}

/** The whole result of a fuzz run (json reporter: this object). */
export interface FuzzReport {
  /** Shape version of this report. */
  readonly version: 1;
  /** The server fuzzed. */
  readonly server: { readonly name: string; readonly target: string };
  /** The seed: the same seed, runs and server reproduce the same cases. */
  readonly seed: number;
  /** The case budget per target. */
  readonly runs: number;
  /** True when `--max-time` stopped the generation of new cases (no case was judged by time). */
  readonly stoppedByTime: boolean;
  /** How many times the server was restarted after a crash or a timeout. */
  readonly restarts: number;
  /** Every target, in listing order. */
  readonly targets: readonly FuzzTargetResult[];
  /** Every finding, by target then kind. */
  readonly findings: readonly FuzzFinding[];
  /** `fail` when anything was found (or a target could not run), else `pass`. */
  readonly status: "pass" | "fail";
}
