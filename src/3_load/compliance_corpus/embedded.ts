/** @module The compliance corpus baked into the program: compliance/ compiled to JSON and imported statically. */

import corpus from "./_generated/corpus.json" with { type: "json" };
import type { ComplianceCorpus, RevisionCorpus } from "./types.ts";

/** The embedded corpus (regenerate with `deno task compliance:build-corpus` after editing compliance/). */
export const COMPLIANCE_CORPUS: ComplianceCorpus = corpus as unknown as ComplianceCorpus;

/** One revision's corpus, or undefined for a name that is not exactly a corpus directory. */
export function corpusFor(version: string): RevisionCorpus | undefined {
  return Object.hasOwn(COMPLIANCE_CORPUS.revisions, version)
    ? COMPLIANCE_CORPUS.revisions[version]
    : undefined;
}
