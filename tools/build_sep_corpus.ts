/** @module Compiles seps/<version>/*.yaml into src/7_features/conformance/_generated/corpus.json (the embedded corpus). */

// Run: deno run --allow-read=seps --allow-env=LOG_TOKENS,LOG_STREAM \
//   --allow-write=src/7_features/conformance/_generated tools/build_sep_corpus.ts

import { join } from "node:path";
import { listVersions, readCorpusVersion } from "../src/7_features/conformance/read_corpus_dir.ts";
import type { EmbeddedCorpus, SepFile } from "../src/7_features/conformance/types.ts";

/** Read every version under `root` (normally `seps/`) into the embedded-corpus shape. */
export async function compileCorpus(root: string): Promise<EmbeddedCorpus> {
  const versions: Record<string, readonly SepFile[]> = {};
  for (const version of await listVersions(root)) {
    versions[version] = (await readCorpusVersion(join(root, version), version)).seps;
  }
  return { versions };
}

/** The exact text written to corpus.json (stable: the staleness test compares it byte for byte). */
export function renderCorpusJson(corpus: EmbeddedCorpus): string {
  return JSON.stringify(corpus, null, 2) + "\n";
}

/** Where the generated module lives, relative to the repository root. */
export const GENERATED_PATH = "src/7_features/conformance/_generated/corpus.json";

if (import.meta.main) {
  const corpus = await compileCorpus("seps");
  await Deno.writeTextFile(GENERATED_PATH, renderCorpusJson(corpus));
  const counts = Object.entries(corpus.versions).map(([v, seps]) => `${v}: ${seps.length} SEPs`);
  console.log(`wrote ${GENERATED_PATH} (${counts.join(", ")})`);
}
