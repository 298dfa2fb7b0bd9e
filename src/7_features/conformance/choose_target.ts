/** @module Picks the corpus version of a run from the revision the server negotiates (no --target-version). */

import {
  availableVersions,
  CorpusMissingError,
  resolveCorpus,
  type ResolveCorpusOptions,
  type ResolvedCorpus,
} from "./resolve_corpus.ts";
import { flatCorpus } from "./read_corpus_dir.ts";

/** The version picked and why, for the one line a run prints. */
export interface TargetChoice {
  readonly version: string;
  readonly line: string;
}

/**
 * The corpus version for a server that negotiated `negotiated`: that revision when a corpus has
 * it, else the newest corpus revision older than it. Without a negotiated revision (the handshake
 * failed), the greatest version present.
 * @throws {CorpusMissingError} when no corpus is as old as the negotiated revision
 */
export function pickTarget(
  negotiated: string | undefined,
  present: readonly string[],
): TargetChoice {
  const sorted = [...present].sort();
  if (negotiated === undefined) {
    const greatest = sorted.at(-1);
    if (greatest === undefined) {
      throw new CorpusMissingError(
        "no conformance corpus found; run `mcptest conformance refresh` to fetch one",
      );
    }
    return {
      version: greatest,
      line: `target version ${greatest}: the greatest corpus present (the handshake failed)`,
    };
  }
  if (sorted.includes(negotiated)) {
    return {
      version: negotiated,
      line:
        `target version ${negotiated}: the newest revision the server negotiates (--target-version forces another)`,
    };
  }
  const older = sorted.filter((v) => dateOf(v) < dateOf(negotiated)).at(-1);
  if (older === undefined) {
    const have = sorted.length > 0 ? ` (present: ${sorted.join(", ")})` : "";
    throw new CorpusMissingError(
      `the server negotiates ${negotiated}, and no conformance corpus is that old or older${have}; pass --target-version to force one`,
    );
  }
  return {
    version: older,
    line:
      `target version ${older}: the server negotiates ${negotiated}, which has no corpus; scoring the newest older one`,
  };
}

/** A chooser for runConformance(): resolves the picked version and reports the line via `say`. */
export function corpusForNegotiated(
  options: Omit<ResolveCorpusOptions, "revision">,
  say: (line: string) => void,
): (negotiated: string | undefined) => Promise<ResolvedCorpus> {
  return async (negotiated) => {
    let present = await availableVersions(options);
    if (present.length === 0 && negotiated !== undefined && options.corpusDir !== undefined) {
      // A flat folder without SPEC_VERSION stands for whatever revision the server negotiates.
      if ((await flatCorpus(options.corpusDir)).flat) present = [negotiated];
    }
    const choice = pickTarget(negotiated, present);
    say(choice.line);
    return await resolveCorpus({ ...options, revision: choice.version });
  };
}

function dateOf(version: string): string {
  return version.slice(0, 10);
}

/**
 * Throw the resolver's own "nothing there" error (exit 2, naming the layout or refresh) when no
 * corpus version could be resolved at all, so a run fails before it connects.
 * @throws {CorpusMissingError}
 */
export async function ensureSomeCorpus(corpusDir: string | undefined): Promise<void> {
  const options = corpusDir === undefined ? {} : { corpusDir };
  if ((await availableVersions(options)).length > 0) return;
  if (corpusDir !== undefined && (await flatCorpus(corpusDir)).flat) return;
  await resolveCorpus(options);
}
