/** @module Render lint results: `file:line:col rule-id message` lines, or JSON. */

import { ExitCode } from "../../0_base/errors/exit_codes.ts";
import { migrationEntry } from "./corpus.ts";
import type { ScannedFile } from "./scan.ts";
import { MIGRATION_TARGET } from "./target.ts";

/** One finding as `--format json` prints it. */
export interface LintFinding {
  /** The file, as given. */
  readonly file: string;
  /** Line (1-based). */
  readonly line: number;
  /** Column (1-based). */
  readonly col: number;
  /** The migration rule id. */
  readonly rule: string;
  /** The rule's category. */
  readonly category: string;
  /** What is wrong and what to write instead. */
  readonly message: string;
  /** Whether `mcptest migrate --write` rewrites it (YAML only; cassettes are re-recorded). */
  readonly autofix: boolean;
}

/** The `--format json` document. */
export interface LintReport {
  /** The document's format version. */
  readonly version: 1;
  /** The revision migrated to. */
  readonly target: string;
  /** Files looked at. */
  readonly files_checked: number;
  /** What lint found. */
  readonly findings: readonly LintFinding[];
  /** Files that could not be read or parsed. */
  readonly errors: ReadonlyArray<
    { readonly file: string; readonly line: number; readonly col: number; readonly message: string }
  >;
  /**
   * Argument warnings (a tool name or args a recorded tool list refuses, docs/cli.md): never
   * findings, never the exit code; absent when there are none.
   */
  readonly warnings?: ReadonlyArray<
    { readonly file: string; readonly line: number; readonly col: number; readonly message: string }
  >;
}

/** Build the report of a scan (with the argument `warnings` of its suites, when any). */
export function lintReport(
  files: readonly ScannedFile[],
  warnings: LintReport["warnings"] = [],
): LintReport {
  const findings = files.flatMap((f) =>
    f.hits.map((hit) => ({
      file: f.file,
      line: hit.line,
      col: hit.col,
      rule: hit.rule,
      category: migrationEntry(hit.rule)?.category ?? "unknown",
      message: hit.message,
      autofix: f.kind === "yaml" && hit.rewrite !== undefined,
    }))
  );
  const errors = files.flatMap((f) =>
    f.error
      ? [{ file: f.file, line: f.error.line, col: f.error.col, message: f.error.message }]
      : []
  );
  return {
    version: 1,
    target: MIGRATION_TARGET.id,
    files_checked: files.length,
    findings,
    errors,
    ...(warnings.length === 0 ? {} : {
      warnings: warnings.map((w) => ({
        file: w.file,
        line: w.line,
        col: w.col,
        message: w.message,
      })),
    }),
  };
}

/** Exit code: 2 when any input was unreadable or invalid, 1 on findings, 0 when clean. */
export function lintExitCode(report: LintReport): number {
  if (report.errors.length > 0) return ExitCode.ConfigError;
  return report.findings.length > 0 ? ExitCode.TestsFailed : ExitCode.Ok;
}

/** The pretty text: one line per finding, then a summary line. */
export function renderLintPretty(report: LintReport): string {
  const lines = report.findings.map((f) => `${f.file}:${f.line}:${f.col} ${f.rule} ${f.message}`);
  const checked = `${report.files_checked} ${plural(report.files_checked, "file")} checked`;
  const n = report.findings.length;
  if (n === 0) lines.push(`no findings (${checked}, target ${report.target})`);
  else {
    const files = new Set(report.findings.map((f) => f.file)).size;
    lines.push(
      "",
      `${n} ${plural(n, "finding")} in ${files} ${
        plural(files, "file")
      } (${checked}, target ${report.target})`,
    );
  }
  return lines.join("\n") + "\n";
}

/** The error lines (stderr): `error: file:line:col: message`, then `file:line:col: warning: message`. */
export function renderLintErrors(report: LintReport): string {
  return report.errors.map((e) => `error: ${e.file}:${e.line}:${e.col}: ${e.message}\n`).join("") +
    (report.warnings ?? []).map((w) => `${w.file}:${w.line}:${w.col}: warning: ${w.message}\n`)
      .join("");
}

/** `1 file`, `2 files`. */
export function plural(n: number, word: string): string {
  return n === 1 ? word : `${word}s`;
}
