/** @module The process exit codes of `mcptest` (seed 004 section 12) and of `mcptest conformance` (seed 002). */

/** Exit codes of `mcptest run`, `report`, `compliance`, `doctor`, `lint`, `migrate`. */
export const ExitCode = {
  /** All tests passed, or the command did what it was asked. */
  Ok: 0,
  /** One or more tests failed (matcher mismatch, compliance regression, connection failure). */
  TestsFailed: 1,
  /** Config error or invalid arguments. */
  ConfigError: 2,
  /** Cost cap exceeded, or a snapshot update refused under CI=true. */
  Refused: 5,
  /** Coverage below threshold, or a model-compat drift. */
  Coverage: 6,
  /** No tests selected and --pass-with-no-tests was not set. */
  NoTests: 7,
} as const;

/** One of the {@link ExitCode} values. */
export type ExitCode = typeof ExitCode[keyof typeof ExitCode];

/** Exit codes of `mcptest conformance run|refresh` (seed 002 has its own table). */
export const ConformanceExitCode = {
  /** The run completed and a tier was computed (whatever the tier). */
  Ok: 0,
  /** Generic CLI error: bad arguments, I/O failure. */
  CliError: 1,
  /** No corpus for the requested target version (and --auto-refresh not set). */
  CorpusMissing: 2,
  /** Network failure during refresh. */
  NetworkFailure: 3,
  /** The server was unreachable during the run. */
  ServerUnreachable: 4,
  /**
   * The server does not speak the `--target-version` asked for (it negotiates another revision):
   * no check ran, one line says so (the value of {@link ExitCode.NoTests}, as `compliance run`).
   */
  RevisionUnavailable: ExitCode.NoTests,
} as const;

/** One of the {@link ConformanceExitCode} values. */
export type ConformanceExitCode = typeof ConformanceExitCode[keyof typeof ConformanceExitCode];
