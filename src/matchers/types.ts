/** @module The matcher contract: a compiled matcher decides whether a captured value is acceptable. */

/** The verdict of one matcher on one value. */
export interface MatchOutcome {
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
}

/** A matcher compiled at load time (argument validated), applied at run time. */
export interface Matcher {
  /** Display name, e.g. `exact`, `not regex`. */
  readonly name: string;
  match(actual: unknown, context: MatchContext): MatchOutcome | Promise<MatchOutcome>;
}
