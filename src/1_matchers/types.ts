/** @module The matcher contract: a compiled matcher decides whether a captured value is acceptable. */

import type { SourcePos } from "../0_base/errors/errors.ts";
import type { JudgeSpec, JurySpec } from "./judge_spec.ts";

/** A matcher reference as written in YAML, checked against the registry at load. */
export interface MatcherSpec {
  /** Registry name (`exact`, `schema`, `not`, ...). */
  readonly name: string;
  /** The matcher's argument as written. For `not`, a nested matcher object. */
  readonly arg: unknown;
  /** Where the matcher was written. */
  readonly pos: SourcePos;
}

/** The verdict of one matcher on one value. */
export interface MatchOutcome {
  /** Whether the value is acceptable. */
  readonly pass: boolean;
  /** Human rendering of what was expected (for `expected (<matcher>): ...`). */
  readonly expected: string;
  /** Human rendering of the actual value. */
  readonly actual: string;
  /** Extra explanation (schema errors, distance, which element missed). */
  readonly message?: string;
}

/** Context a matcher may need at run time. */
export interface MatchContext {
  /** Directory of the suite file (snapshots live in `<suite_dir>/snapshots/`). */
  readonly suiteDir: string;
  /** Whether snapshots may be rewritten (-u). */
  readonly updateSnapshots: boolean;
  /** Running under CI (`CI=true`): snapshot writes are refused (exit 5). */
  readonly ci?: boolean;
  /** Resolved secret values: never written into a snapshot file (compared redacted). */
  readonly secrets?: readonly string[];
  /** The run's model judges (`llm-judge`, `llm-jury`); absent: a judge matcher errors. */
  readonly judge?: Judge;
}

/** What a model-graded matcher asks the run's judges. */
export interface JudgeRequest {
  /** The matcher's argument, read at LOAD. */
  readonly spec: JudgeSpec | JurySpec;
  /** The judged value as text (JSON text unless a string), secrets redacted. */
  readonly response: string;
}

/**
 * Answers a model-graded matcher: asks the judge model(s) and returns the verdict, with their
 * reasoning in `message`. Injected by EXECUTE (the matchers cannot call a model themselves).
 * @throws {Error} no key, a provider failure or a spend cap (the assertion errors)
 */
export type Judge = (request: JudgeRequest) => Promise<MatchOutcome>;

/** Where a target path stopped resolving (the value is missing). */
export interface MissingTarget {
  /** The path prefix that did not resolve, e.g. `result.isError`. */
  readonly missingAt: string;
  /** Why: `no such key`, `index out of range (length 2)`, `not an object (string)`. */
  readonly reason: string;
}

/** A matcher compiled at load time (argument validated), applied at run time. */
export interface Matcher {
  /** Display name, e.g. `exact`, `not regex`. */
  readonly name: string;
  /**
   * What the matcher expects, independent of any value (`true`, `text starting with "a"`): the
   * `expected` line when there is no value to match (a missing target).
   */
  readonly expected?: string;
  /** The verdict on the target's value. */
  match(actual: unknown, context: MatchContext): MatchOutcome | Promise<MatchOutcome>;
  /**
   * The verdict on a target that does not resolve. Matchers without it fail on a missing value
   * (`exists` fails, `absent` passes, `not` inverts its nested matcher).
   */
  matchMissing?(missing: MissingTarget): MatchOutcome;
}
