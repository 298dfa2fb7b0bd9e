/** @module The `mcptest conformance check-ids` action: every check id of the resolved corpus, probed or not. */

import { UsageError } from "../0_base/errors/errors.ts";
import { ConformanceExitCode } from "../0_base/errors/exit_codes.ts";
import { listCheckIds } from "../7_features/conformance/check_ids.ts";
import { resolveCorpus } from "../7_features/conformance/resolve_corpus.ts";
import type { ConformanceCheckIdsOptions } from "./conformance.ts";
import { handleConformanceError } from "./conformance_error.ts";

/** Print the check ids and return the exit code. */
export async function conformanceCheckIdsAction(
  options: ConformanceCheckIdsOptions,
): Promise<number> {
  try {
    if (options.format !== "text" && options.format !== "json") {
      throw new UsageError(`unknown format "${options.format}"; expected one of: text, json`);
    }
    const corpus = await resolveCorpus({
      ...(options.corpusDir === undefined ? {} : { corpusDir: options.corpusDir }),
      ...(options.targetVersion === undefined ? {} : { revision: options.targetVersion }),
    });
    const listing = listCheckIds(corpus);
    if (options.format === "json") {
      console.log(
        JSON.stringify(
          { target_version: corpus.version, corpus_source: corpus.source, ...listing },
          null,
          2,
        ),
      );
    } else {
      const width = Math.max(...listing.checks.map((c) => c.check.length), 10);
      for (const c of listing.checks) {
        console.log(
          `${c.check.padEnd(width)}  SEP-${String(c.sep).padEnd(5)} ${c.severity.padEnd(6)} ${
            c.implemented ? "implemented" : "untested"
          }`,
        );
      }
      console.log(
        `${corpus.version} (${corpus.source}): ${listing.checks.length} check ids, ${listing.implemented} implemented, ` +
          `${
            listing.checks.length - listing.implemented
          } untested, ${listing.excluded} excluded requirements`,
      );
    }
    return ConformanceExitCode.Ok;
  } catch (error) {
    return handleConformanceError(error, options.verbose);
  }
}
