/** @module The `mcptest migrate` action: check --to, scan, print the plan, write it with --write. */

import { UsageError } from "../0_base/errors/errors.ts";
import { ExitCode } from "../0_base/errors/exit_codes.ts";
import { lintReport, renderLintErrors } from "../7_features/migration/lint_report.ts";
import { buildPlan, renderPlan, writePlan } from "../7_features/migration/migrate_plan.ts";
import { scanPaths } from "../7_features/migration/scan.ts";
import { isMigrationTarget, MIGRATION_TARGET } from "../7_features/migration/target.ts";
import { writeOutput, writeStderr } from "../0_base/util/write_output.ts";
import { handleError } from "./handle_error.ts";
import type { MigrateOptions } from "./migrate.ts";

/** Plan or apply the migration of `path` and return the exit code. */
export async function migrateAction(path: string, options: MigrateOptions): Promise<number> {
  try {
    if (!isMigrationTarget(options.to)) {
      throw new UsageError(
        `unsupported --to "${options.to}": the only migration target is ${MIGRATION_TARGET.id}`,
      );
    }
    const scanned = await scanPaths([path], Deno.cwd());
    const errors = renderLintErrors(lintReport(scanned));
    if (errors !== "") {
      await writeStderr(errors);
      console.error("error: nothing was planned or written; fix the files above first");
      return ExitCode.ConfigError;
    }
    const plan = buildPlan(scanned);
    if (options.write) await writePlan(plan);
    await writeOutput("-", renderPlan(plan, options.write));
    return ExitCode.Ok;
  } catch (error) {
    return handleError(error, options.verbose);
  }
}
