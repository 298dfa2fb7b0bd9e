/** @module Corpus resolution (seed 002): --corpus-dir, else the user cache, else the embedded corpus. */

import { join } from "../../0_base/util/path.ts";
import { McptestError } from "../../0_base/errors/errors.ts";
import { ConformanceExitCode } from "../../0_base/errors/exit_codes.ts";
import { conformanceCacheRoot, type EnvGetter, safeEnv } from "./corpus_cache/cache_dir.ts";
import { embeddedVersion, embeddedVersions } from "./embedded.ts";
import { flatCorpus, listVersions, readCorpusVersion, readFlatCorpus } from "./read_corpus_dir.ts";
import type { CorpusSource, SepCorpus } from "./types.ts";

/** Inputs of {@link resolveCorpus}. */
export interface ResolveCorpusOptions {
  /** `--corpus-dir`: only this root is consulted. */
  readonly corpusDir?: string;
  /** `--target-version`; default: the greatest version present. */
  readonly revision?: string;
  /** Environment lookup (tests inject one). */
  readonly env?: EnvGetter;
  /** Operating system (tests inject one). */
  readonly os?: string;
  /** Skip the embedded corpus (tests of the "nothing present" path). */
  readonly noEmbedded?: boolean;
}

/** A resolved corpus version and where it came from. */
export interface ResolvedCorpus extends SepCorpus {
  /** Where the corpus came from. */
  readonly source: CorpusSource;
  /** The directory read, for override and cache. */
  readonly dir?: string;
}

/** No corpus for the requested version (exit 2, pointing at `mcptest conformance refresh`). */
export class CorpusMissingError extends McptestError {
  constructor(message: string) {
    super(message, ConformanceExitCode.CorpusMissing);
    this.name = "CorpusMissingError";
  }
}

/**
 * Resolve the corpus a run scores against. With `corpusDir`, only `<corpusDir>/<version>/` counts
 * (source `override`). Otherwise the cache root `<cache>/<version>/` wins (source `cache`) over
 * the embedded corpus (source `embedded`). Without `revision`, the lexicographically greatest
 * version present (among those sources) is used.
 * @throws {CorpusMissingError} when no version (or not the requested one) is present
 */
export async function resolveCorpus(options: ResolveCorpusOptions = {}): Promise<ResolvedCorpus> {
  const env = options.env ?? safeEnv;
  if (options.corpusDir !== undefined) {
    const root = options.corpusDir;
    const present = await listVersions(root);
    if (present.length === 0) {
      const flat = await flatCorpus(root);
      if (flat.flat) {
        const version = flatVersion(root, flat.version, options.revision);
        return { ...(await readFlatCorpus(root, version)), source: "override", dir: root };
      }
      throw new CorpusMissingError(
        `--corpus-dir ${root} holds neither <version>/ folders of SEP files (e.g. ${
          join(root, "2026-07-28", "sep-2575.yaml")
        }) nor SEP files of its own (e.g. ${
          join(root, "sep-2575.yaml")
        }); run \`mcptest conformance refresh --corpus-dir ${root}\` to fill it`,
      );
    }
    const version = pick(options.revision, present, `--corpus-dir ${root}`);
    const dir = join(root, version);
    return { ...(await readCorpusVersion(dir, version)), source: "override", dir };
  }
  const cacheRoot = conformanceCacheRoot(env, options.os);
  const cached = cacheRoot === undefined ? [] : await listVersions(cacheRoot);
  const embedded = options.noEmbedded ? [] : embeddedVersions();
  const all = [...new Set([...cached, ...embedded])].sort();
  const where = cacheRoot === undefined
    ? "the embedded corpus"
    : `${cacheRoot} or the embedded corpus`;
  const version = pick(options.revision, all, where);
  if (cacheRoot !== undefined && cached.includes(version)) {
    const dir = join(cacheRoot, version);
    return { ...(await readCorpusVersion(dir, version)), source: "cache", dir };
  }
  const found = embeddedVersion(version);
  if (!found) throw missing(version, where);
  return { ...found, source: "embedded" };
}

/** Every version a run could resolve (for messages and `check-ids`). */
export async function availableVersions(options: ResolveCorpusOptions = {}): Promise<string[]> {
  if (options.corpusDir !== undefined) {
    const versions = await listVersions(options.corpusDir);
    if (versions.length > 0) return versions;
    const flat = await flatCorpus(options.corpusDir);
    return flat.version === undefined ? [] : [flat.version];
  }
  const cacheRoot = conformanceCacheRoot(options.env ?? safeEnv, options.os);
  const cached = cacheRoot === undefined ? [] : await listVersions(cacheRoot);
  const embedded = options.noEmbedded ? [] : embeddedVersions();
  return [...new Set([...cached, ...embedded])].sort();
}

/**
 * The version a flat folder stands for: its SPEC_VERSION, or --target-version (which must agree
 * with SPEC_VERSION when both are given).
 */
function flatVersion(root: string, named: string | undefined, target: string | undefined): string {
  if (named !== undefined && target !== undefined && named !== target) {
    throw new CorpusMissingError(
      `--corpus-dir ${root} is a flat folder of SEP files for ${named} (its SPEC_VERSION), not ${target}; for several revisions use <version>/ folders (${
        join(root, target, "sep-NNNN.yaml")
      })`,
    );
  }
  const version = target ?? named;
  if (version === undefined) {
    throw new CorpusMissingError(
      `--corpus-dir ${root} is a flat folder of SEP files with no SPEC_VERSION file: pass --target-version to say which revision it holds, or move the files into ${
        join(root, "<version>")
      }/ (e.g. ${join(root, "2026-07-28", "sep-2575.yaml")})`,
    );
  }
  return version;
}

function pick(target: string | undefined, present: readonly string[], where: string): string {
  if (target !== undefined) {
    if (!present.includes(target)) throw missing(target, where, present);
    return target;
  }
  const greatest = present.at(-1);
  if (greatest === undefined) {
    throw new CorpusMissingError(
      `no conformance corpus found in ${where}; run \`mcptest conformance refresh\` to fetch one`,
    );
  }
  return greatest;
}

function missing(
  version: string,
  where: string,
  present: readonly string[] = [],
): CorpusMissingError {
  const have = present.length > 0 ? ` (present: ${present.join(", ")})` : "";
  return new CorpusMissingError(
    `no conformance corpus for version "${version}" in ${where}${have}; run \`mcptest conformance refresh --target-version ${version}\` or pass --auto-refresh`,
  );
}
