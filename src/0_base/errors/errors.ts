/** @module The error hierarchy: one base class, usage/config errors carry exit code 2 and a source position. */

import { ExitCode } from "./exit_codes.ts";

/** A position in a source file, 1-based. */
export interface SourcePos {
  /** The file (relative to the working directory). */
  readonly file: string;
  /** 1-based line. */
  readonly line: number;
  /** 1-based column. */
  readonly col: number;
}

/** Render a position as `file:line:col`. */
export function formatPos(pos: SourcePos): string {
  return `${pos.file}:${pos.line}:${pos.col}`;
}

/** Base of every error mcptest reports to a user (no stack trace is shown for these). */
export class McptestError extends Error {
  /** The process exit code this error maps to. */
  readonly exitCode: number;
  /** An error with the exit code it maps to. */
  constructor(message: string, exitCode: number, options?: ErrorOptions) {
    super(message, options);
    this.name = "McptestError";
    this.exitCode = exitCode;
  }
}

/** Invalid command-line usage (exit 2). */
export class UsageError extends McptestError {
  /** A usage error (exit 2). */
  constructor(message: string, options?: ErrorOptions) {
    super(message, ExitCode.ConfigError, options);
    this.name = "UsageError";
  }
}

/** A config/test-file error with a position (exit 2). Message renders as `file:line:col: ...`. */
export class ConfigError extends McptestError {
  /** Where the problem is, when it has a place. */
  readonly pos: SourcePos | undefined;
  /** The message without its position. */
  readonly detail: string;
  /** A config error at `pos` (exit 2). */
  constructor(detail: string, pos?: SourcePos, options?: ErrorOptions) {
    super(pos ? `${formatPos(pos)}: ${detail}` : detail, ExitCode.ConfigError, options);
    this.name = "ConfigError";
    this.pos = pos;
    this.detail = detail;
  }
}

/** Several config errors found in one load, reported together (exit 2). */
export class ConfigErrors extends McptestError {
  /** Every error found, in file order. */
  readonly errors: readonly ConfigError[];
  /** The errors of one load; the message joins theirs, one per line. */
  constructor(errors: readonly ConfigError[]) {
    super(errors.map((e) => e.message).join("\n"), ExitCode.ConfigError);
    this.name = "ConfigErrors";
    this.errors = errors;
  }
}
