/** @module The argument checks of `mcptest lint`: each YAML file that loads as a suite, checked against its servers' cassettes and the capture files given with it. */

import { loadSuite } from "../../3_load/config/load_suite.ts";
import type { LoadWarning } from "../../3_load/config/types.ts";
import { isCassette } from "../../2_connect/cassette/format.ts";
import { argumentWarnings } from "./arg_warnings.ts";
import { captureCatalogs, type LabeledCatalog } from "./tool_catalog.ts";

/** A file lint read (the part of a scanned file this needs). */
export interface LintedFile {
  /** As shown (relative to the working directory when inside it). */
  readonly file: string;
  readonly kind: "yaml" | "json";
  /** The text read; undefined when unreadable. */
  readonly text?: string;
  /** Set when the file could not be read or parsed. */
  readonly error?: unknown;
}

/**
 * The argument warnings of the linted files: every JSON file that is a capture (not a cassette)
 * gives tool lists; every YAML file that loads on its own as a suite is checked against them and
 * its servers' cassettes ({@link argumentWarnings}). A YAML file that does not load (not a suite,
 * an unset secret) is not checked: `mcptest run` says why it does not load.
 */
export async function lintArgumentWarnings(
  files: readonly LintedFile[],
  cwd: string,
): Promise<LoadWarning[]> {
  const captures: LabeledCatalog[] = files.flatMap((f) =>
    f.kind === "json" && f.error === undefined && f.text !== undefined && !claimsCassette(f.text)
      ? captureCatalogs(f.text, f.file)
      : []
  );
  const warnings: LoadWarning[] = [];
  for (const f of files) {
    if (f.kind !== "yaml" || f.error !== undefined || f.text === undefined) continue;
    let suite;
    try {
      suite = await loadSuite({ paths: [f.file], cwd });
    } catch {
      continue;
    }
    warnings.push(...await argumentWarnings(suite, { cwd, captures }));
  }
  return warnings;
}

function claimsCassette(text: string): boolean {
  try {
    return isCassette(JSON.parse(text));
  } catch {
    return false;
  }
}
