/** @module The error hierarchy: one base class, usage/config errors carry exit code 2 and a source position. */

import { ExitCode } from "./exit_codes.ts";

/** A position in a source file, 1-based. */
export interface SourcePos {
  readonly file: string;
  readonly line: number;
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
  constructor(message: string, exitCode: number, options?: ErrorOptions) {
    super(message, options);
    this.name = "McptestError";
    this.exitCode = exitCode;
  }
}

/** Invalid command-line usage (exit 2). */
export class UsageError extends McptestError {
  constructor(message: string, options?: ErrorOptions) {
    super(message, ExitCode.ConfigError, options);
    this.name = "UsageError";
  }
}

/** A config/test-file error with a position (exit 2). Message renders as `file:line:col: ...`. */
export class ConfigError extends McptestError {
  readonly pos: SourcePos | undefined;
  readonly detail: string;
  constructor(detail: string, pos?: SourcePos, options?: ErrorOptions) {
    super(pos ? `${formatPos(pos)}: ${detail}` : detail, ExitCode.ConfigError, options);
    this.name = "ConfigError";
    this.pos = pos;
    this.detail = detail;
  }
}

/** Several config errors found in one load, reported together (exit 2). */
export class ConfigErrors extends McptestError {
  readonly errors: readonly ConfigError[];
  constructor(errors: readonly ConfigError[]) {
    super(errors.map((e) => e.message).join("\n"), ExitCode.ConfigError);
    this.name = "ConfigErrors";
    this.errors = errors;
  }
}
