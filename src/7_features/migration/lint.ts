/** @module lint() and migrate(): `mcptest lint` and `mcptest migrate` as one call each. */

import { ConfigError, ConfigErrors, UsageError } from "../../0_base/errors/errors.ts";
import { type LintReport, lintReport } from "./lint_report.ts";
import { buildPlan, type MigrationPlan, writePlan } from "./migrate_plan.ts";
import { scanPaths } from "./scan.ts";
import { isMigrationTarget, MIGRATION_TARGET } from "./target.ts";
import { lintArgumentWarnings } from "../arg_check/lint_args.ts";

/** Where {@link lint} and {@link migrate} read from. */
export interface LintOptions {
  /** The working directory: base of relative paths and of the paths shown (default `Deno.cwd()`). */
  readonly cwd?: string;
}

/**
 * Scan YAML suites and JSON cassettes under `paths` (folders recursively; default `.`) for the
 * constructs the migration target breaks. Unreadable or invalid files are in `errors`; tool
 * tests whose name or args a recorded tool list (their server's cassette, or a capture file among
 * `paths`) refuses are in `warnings`, which never change the exit code.
 * @throws {UsageError} a path that does not exist, or a file that is neither YAML nor JSON (exit 2)
 * @example
 * ```ts
 * import { lint } from "./lint.ts";
 *
 * const report = await lint(["examples/migration-legacy-suite.yml"]);
 * console.log(report.findings.length);
 * ```
 */
export async function lint(
  paths: readonly string[],
  options: LintOptions = {},
): Promise<LintReport> {
  const cwd = options.cwd ?? Deno.cwd();
  const scanned = await scanPaths(paths.length > 0 ? paths : ["."], cwd);
  return lintReport(scanned, await lintArgumentWarnings(scanned, cwd));
}

/** Options of {@link migrate}: the flags of `mcptest migrate`. */
export interface MigrateOptions extends LintOptions {
  /** `--to`: the target revision (only the migration target is supported). */
  readonly to: string;
  /** `--write`: apply the plan in place (verified, atomic); default: a dry run. */
  readonly write?: boolean;
}

/**
 * Plan the move of the suites under `path` to `options.to`, and with `write` apply it: safe
 * one-to-one rewrites, TODO comments above the rest; cassettes are listed for re-recording.
 * Nothing is planned or written while a file is unreadable or invalid.
 * @throws {UsageError} an unsupported `to`, or a path that does not exist (exit 2)
 * @throws {ConfigErrors} every unreadable or invalid file, at file:line:col, then the refusal (exit 2)
 * @example
 * ```ts
 * import { migrate } from "./lint.ts";
 *
 * const plan = await migrate("examples/migration-legacy-suite.yml", { to: "2026-07-28" });
 * console.log(plan.files.length);
 * ```
 */
export async function migrate(path: string, options: MigrateOptions): Promise<MigrationPlan> {
  if (!isMigrationTarget(options.to)) {
    throw new UsageError(
      `unsupported --to "${options.to}": the only migration target is ${MIGRATION_TARGET.id}`,
    );
  }
  const scanned = await scanPaths([path], options.cwd ?? Deno.cwd());
  const { errors } = lintReport(scanned);
  if (errors.length > 0) {
    throw new ConfigErrors([
      ...errors.map((e) => new ConfigError(e.message, { file: e.file, line: e.line, col: e.col })),
      new ConfigError("nothing was planned or written; fix the files above first"),
    ]);
  }
  const plan = buildPlan(scanned);
  if (options.write) await writePlan(plan);
  return plan;
}
