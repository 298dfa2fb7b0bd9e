/** @module The `mcptest migrate` action: flags in, migrate(), the plan out. */

import { ExitCode } from "../0_base/errors/exit_codes.ts";
import { migrate } from "../7_features/migration/lint.ts";
import { renderPlan } from "../7_features/migration/migrate_plan.ts";
import { writeOutput } from "../0_base/util/write_output.ts";
import type { MigrateOptions } from "./migrate.ts";

/** Plan or apply the migration of `path` and return the exit code. */
export async function migrateAction(path: string, options: MigrateOptions): Promise<number> {
  const plan = await migrate(path, { to: options.to, write: options.write });
  await writeOutput("-", renderPlan(plan, options.write));
  return ExitCode.Ok;
}
