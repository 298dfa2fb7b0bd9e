/** @module Lists every check id of a corpus version and whether a probe implements it. */

import { hasProbe } from "./probes/registry.ts";
import { severityOf } from "./severity.ts";
import { type CorpusVersion, isChecked, type Severity } from "./types.ts";

/** One check id of the corpus. */
export interface CheckIdEntry {
  readonly check: string;
  readonly sep: number;
  readonly severity: Severity;
  readonly implemented: boolean;
}

/** The listing of a corpus version. */
export interface CheckIdListing {
  readonly checks: readonly CheckIdEntry[];
  readonly implemented: number;
  readonly excluded: number;
}

/** Every check id in SEP order (a check id listed twice appears once per listing). */
export function listCheckIds(corpus: CorpusVersion): CheckIdListing {
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
