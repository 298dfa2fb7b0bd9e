/** @module Corpus directory names under compliance/: `v<revision>` for each dated revision, plus `draft`. */

import { findRevision, type Revision, REVISION_IDS } from "../../0_base/protocol/revisions.ts";
import { ConfigError, type SourcePos } from "../../0_base/errors/errors.ts";

/** Every corpus directory name, oldest first, `draft` last. */
export const CORPUS_VERSIONS: readonly string[] = [...REVISION_IDS.map((id) => `v${id}`), "draft"];

/** Whether `name` is exactly a corpus directory name (no aliases, no missing `v`). */
export function isCorpusVersion(name: string): boolean {
  return CORPUS_VERSIONS.includes(name);
}

/** The revision a corpus directory asserts (`draft` resolves through the revisions table). */
export function revisionOfCorpus(version: string): Revision | undefined {
  return isCorpusVersion(version) ? findRevision(version)?.id : undefined;
}

/**
 * Validate a corpus version name (exactly a directory name: `v2025-06-18`, `draft`).
 * @throws {ConfigError} `unknown compliance spec_version: ...` (exit 2)
 */
export function validateComplianceVersion(name: string, pos?: SourcePos): string {
  if (!CORPUS_VERSIONS.includes(name)) {
    throw new ConfigError(
      `unknown compliance spec_version: ${JSON.stringify(name)}, expected one of: ${
        CORPUS_VERSIONS.join(", ")
      }`,
      pos,
    );
  }
  return name;
}
