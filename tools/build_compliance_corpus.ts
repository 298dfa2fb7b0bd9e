/** @module Compiles compliance/registry.yml + compliance/<version>/*.yml into src/3_load/compliance_corpus/_generated/corpus.json. */

// Run: deno task compliance:build-corpus (see docs/compliance.md for the exact permissions).

import { writeFileAtomic } from "../src/0_base/util/write_output.ts";
import type { ComplianceCorpus } from "../src/3_load/compliance_corpus/types.ts";
import { loadCorpusDir } from "../src/3_load/compliance_corpus/load_dir.ts";
import {
  generateCorpusValidatorsSource,
  GENERATED_CORPUS_VALIDATORS,
} from "./build_corpus_validators.ts";
import {
  renderRulesTable,
  replaceRulesSection,
  RULES_DOC_PATH,
} from "../src/3_load/compliance_corpus/rules_doc.ts";

/** Where the generated module lives, relative to the repository root. */
export const GENERATED_PATH = "src/3_load/compliance_corpus/_generated/corpus.json";

/**
 * Read and validate the whole corpus under `root` (normally `compliance/`): every revision present.
 * @throws {ConfigErrors} every problem found, each at `file:line:col`
 */
export function compileCorpus(root: string): Promise<ComplianceCorpus> {
  return loadCorpusDir(root, { everyVersion: true });
}

/** The exact text written to corpus.json (stable: the staleness test compares it byte for byte). */
export function renderCorpusJson(corpus: ComplianceCorpus): string {
  return JSON.stringify(corpus, null, 2) + "\n";
}

if (import.meta.main) {
  try {
    const corpus = await compileCorpus("compliance");
    await writeFileAtomic(GENERATED_PATH, renderCorpusJson(corpus));
    // The validators of its schema: matchers, generated from what corpus.json holds.
    const written = JSON.parse(renderCorpusJson(corpus));
    await writeFileAtomic(
      GENERATED_CORPUS_VALIDATORS.pathname,
      generateCorpusValidatorsSource(written),
    );
    const doc = await Deno.readTextFile(RULES_DOC_PATH);
    const updated = replaceRulesSection(doc, renderRulesTable(corpus));
    if (updated !== doc) await writeFileAtomic(RULES_DOC_PATH, updated);
    const counts = Object.entries(corpus.revisions).map(([v, r]) => `${v}: ${r.rules.length}`);
    console.log(
      `wrote ${GENERATED_PATH}, its schema validators and the rule table of ${RULES_DOC_PATH} (${
        Object.keys(corpus.registry).length
      } rules; ${counts.join(", ")})`,
    );
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    Deno.exit(2);
  }
}
