/** @module The `mcptest init` action: flags in, initSuite(), the summary out. */

import { ExitCode } from "../0_base/errors/exit_codes.ts";
import { writeOutput } from "../0_base/util/write_output.ts";
import { initSuite, renderInitSummary } from "../7_features/init/init_suite.ts";
import type { InitOptions } from "./init.ts";

/** Run `mcptest init` and return the exit code. */
export async function initAction(options: InitOptions): Promise<number> {
  const result = await initSuite({
    server: options.server,
    dir: options.dir,
    timeoutMs: options.timeoutMs,
  });
  await writeOutput("-", renderInitSummary(result, options.dir));
  return ExitCode.Ok;
}
