/** @module The `mcptest conformance check-ids` action: flags in, checkIds(), the chosen format out. */

import { ConformanceExitCode } from "../0_base/errors/exit_codes.ts";
import { writeReport } from "../7_features/conformance/write_report.ts";
import { forTerminal } from "../0_base/util/escape.ts";
import { checkIds } from "../7_features/conformance/check_ids.ts";
import { CHECK_IDS_FORMATS } from "../7_features/conformance/check_ids_formats.ts";
import type { ConformanceCheckIdsOptions } from "./conformance_check_ids.ts";

/** Print the check ids and return the exit code. */
export async function conformanceCheckIdsAction(
  options: ConformanceCheckIdsOptions,
): Promise<number> {
  const report = await checkIds({
    ...(options.corpusDir === undefined ? {} : { corpusDir: options.corpusDir }),
    ...(options.targetVersion === undefined ? {} : { revision: options.targetVersion }),
  });
  // Ids come from a corpus folder: escaped before they reach a terminal.
  await writeReport("-", forTerminal(CHECK_IDS_FORMATS[options.format](report), options.format));
  return ConformanceExitCode.Ok;
}
