/** @module checkIds(): every check id of a corpus version and whether a probe implements it (`mcptest conformance check-ids`). */

import { hasProbe } from "./probes/registry.ts";
import { severityOf } from "./severity.ts";
import { resolveCorpus, type ResolveCorpusOptions } from "./resolve_corpus.ts";
import { type CorpusSource, isChecked, type RequirementSeverity, type SepCorpus } from "./types.ts";

/** One check id of the corpus. */
export interface CheckIdEntry {
  readonly check: string;
  readonly sep: number;
  readonly severity: RequirementSeverity;
  readonly implemented: boolean;
}

/** The listing of a corpus version. */
export interface CheckIdListing {
  readonly checks: readonly CheckIdEntry[];
  readonly implemented: number;
  readonly excluded: number;
}

/** Every check id in SEP order (a check id listed twice appears once per listing). */
export function listCheckIds(corpus: SepCorpus): CheckIdListing {
  const checks: CheckIdEntry[] = [];
  let excluded = 0;
  for (const sep of corpus.seps) {
    for (const requirement of sep.requirements) {
      if (!isChecked(requirement)) {
        excluded++;
        continue;
      }
      checks.push({
        check: requirement.check,
        sep: sep.sep,
        severity: severityOf(requirement.text),
        implemented: hasProbe(requirement.check),
      });
    }
  }
  return { checks, implemented: checks.filter((c) => c.implemented).length, excluded };
}

/** What `mcptest conformance check-ids` reports: the listing of the resolved corpus version. */
export interface CheckIdsReport extends CheckIdListing {
  readonly target_version: string;
  readonly corpus_source: CorpusSource;
}

/**
 * Every check id of the corpus version `revision` (default: the greatest present) from
 * `corpusDir`, the cache or the embedded corpus, and whether a probe implements it.
 * @throws {CorpusMissingError} no corpus for the revision (exit 2)
 * @example
 * ```ts
 * import { checkIds } from "./check_ids.ts";
 *
 * const report = await checkIds({ revision: "2026-07-28" });
 * console.log(report.checks.length, report.implemented);
 * ```
 */
export async function checkIds(
  options: Pick<ResolveCorpusOptions, "corpusDir" | "revision"> = {},
): Promise<CheckIdsReport> {
  const corpus = await resolveCorpus({
    ...(options.corpusDir === undefined ? {} : { corpusDir: options.corpusDir }),
    ...(options.revision === undefined ? {} : { revision: options.revision }),
  });
  return { target_version: corpus.version, corpus_source: corpus.source, ...listCheckIds(corpus) };
}
