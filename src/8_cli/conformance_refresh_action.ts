/** @module The `mcptest conformance refresh` action. */

import { ConformanceExitCode } from "../0_base/errors/exit_codes.ts";
import { refreshCorpus } from "../7_features/conformance/refresh/refresh.ts";
import type { ConformanceRefreshOptions } from "./conformance.ts";
import { handleConformanceError } from "./conformance_error.ts";

/** Refresh the corpus and return the exit code. */
export async function conformanceRefreshAction(
  options: ConformanceRefreshOptions,
): Promise<number> {
  try {
    const summary = await refreshCorpus({
      revision: options.targetVersion,
      url: options.url,
      sourcePath: options.sourcePath,
      dryRun: options.dryRun,
      ...(options.corpusDir === undefined ? {} : { corpusDir: options.corpusDir }),
      ...(options.ref === undefined ? {} : { ref: options.ref }),
      ...(options.codeloadUrl === undefined ? {} : { codeloadUrl: options.codeloadUrl }),
      ...(options.apiUrl === undefined ? {} : { apiUrl: options.apiUrl }),
    });
    const { added, removed, changed, unchanged } = summary.diff;
    const lines = [
      ...added.map((p) => `added     ${p}`),
      ...removed.map((p) => `removed   ${p}`),
      ...changed.map((p) => `changed   ${p}`),
      `${
        summary.dryRun ? "dry run: " : ""
      }${summary.version} from ${summary.ref}: ${added.length} added, ` +
      `${removed.length} removed, ${changed.length} changed, ${unchanged.length} unchanged`,
    ];
    console.log(lines.join("\n"));
    return ConformanceExitCode.Ok;
  } catch (error) {
    return handleConformanceError(error, options.verbose);
  }
}
