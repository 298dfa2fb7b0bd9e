/** @module The corpus baked into the program: seps/ compiled to JSON and imported statically (no file access). */

import corpus from "./_generated/corpus.json" with { type: "json" };
import type { EmbeddedCorpus, SepCorpus } from "./types.ts";

/** The embedded corpus (regenerate with `deno task conformance:build-corpus` after editing seps/). */
export const EMBEDDED_CORPUS: EmbeddedCorpus = corpus as EmbeddedCorpus;

/** The embedded versions, sorted. */
export function embeddedVersions(): string[] {
  return Object.keys(EMBEDDED_CORPUS.versions).sort();
}

/** One embedded version, or undefined. */
export function embeddedVersion(version: string): SepCorpus | undefined {
  const seps = EMBEDDED_CORPUS.versions[version];
  return seps === undefined ? undefined : { version, seps };
}
