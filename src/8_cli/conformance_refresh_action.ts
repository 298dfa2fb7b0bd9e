/** @module The `mcptest conformance refresh` action: flags in, refreshCorpus(), the summary out. */

import { ConformanceExitCode } from "../0_base/errors/exit_codes.ts";
import { writeReport } from "../7_features/conformance/write_report.ts";
import { forTerminal } from "../0_base/util/escape.ts";
import { refreshCorpus } from "../7_features/conformance/refresh/refresh.ts";
import { renderRefreshSummary } from "../7_features/conformance/refresh/summary_text.ts";
import type { ConformanceRefreshOptions } from "./conformance_refresh.ts";

/** Refresh the corpus and return the exit code. */
export async function conformanceRefreshAction(
  options: ConformanceRefreshOptions,
): Promise<number> {
  const summary = await refreshCorpus({
    revision: options.targetVersion ?? "latest",
    url: options.url,
    sourcePath: options.sourcePath,
    dryRun: options.dryRun,
    ...(options.corpusDir === undefined ? {} : { corpusDir: options.corpusDir }),
    ...(options.ref === undefined ? {} : { ref: options.ref }),
    ...(options.codeloadUrl === undefined ? {} : { codeloadUrl: options.codeloadUrl }),
    ...(options.apiUrl === undefined ? {} : { apiUrl: options.apiUrl }),
  });
  await writeReport("-", forTerminal(renderRefreshSummary(summary))); // names from a tarball
  return ConformanceExitCode.Ok;
}
