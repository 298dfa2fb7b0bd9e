/** @module Streaming extraction of an upstream tarball: gunzip and untar in bounded memory, keeping only safe corpus files. */

import { RefreshError } from "./errors.ts";
import { gunzipStream } from "./gunzip_stream.ts";
import { readTar } from "./tar_stream.ts";

/** Size caps of a refresh. */
export interface ExtractLimits {
  /** Decompressed tarball bytes. */
  readonly maxTarBytes: number;
  /** Bytes of one kept file. */
  readonly maxFileBytes: number;
  /** Total bytes of kept files. */
  readonly maxTotalBytes: number;
  /** Number of kept files. */
  readonly maxFiles: number;
}

/** Default caps: 200 MiB of tar, 1 MiB a file, 20 MiB and 2000 files kept. */
export const DEFAULT_LIMITS: ExtractLimits = {
  maxTarBytes: 200 * 1024 * 1024,
  maxFileBytes: 1024 * 1024,
  maxTotalBytes: 20 * 1024 * 1024,
  maxFiles: 2000,
};

/** What the tarball held under the source path. */
export interface Extracted {
  /** Corpus files by path relative to the source path (`sep-2243.yaml`, `sub/x.json`). */
  readonly files: ReadonlyMap<string, Uint8Array>;
  /** The SPEC_VERSION sidecar, trimmed, when present. */
  readonly revision?: string;
}

const KEEP = /\.(ya?ml|json)$/i;

/**
 * Gunzip and untar `gz` as it streams in, keeping `<top>/<sourcePath>/**\/*.{yaml,yml,json}` (the
 * codeload top folder is stripped) plus `<sourcePath>/SPEC_VERSION`. Every entry's name is
 * checked, kept or not; only kept files are held in memory.
 * @throws {RefreshError} for an absolute path, a `..` segment, a link under the source path, an
 *   ambiguous entry name (see {@link readTar}), or a size cap
 */
export async function extractCorpus(
  gz: AsyncIterable<Uint8Array>,
  sourcePath: string,
  limits: ExtractLimits = DEFAULT_LIMITS,
): Promise<Extracted> {
  const prefix = normalise(sourcePath).replace(/\/?$/, "/");
  const files = new Map<string, Uint8Array>();
  let total = 0;
  let revision: string | undefined;
  const relativeOf = (name: string): string | undefined => {
    const segments = name.split("/").filter((s) => s !== "" && s !== ".");
    const inner = segments.slice(1).join("/");
    return inner.startsWith(prefix) ? inner.slice(prefix.length) : undefined;
  };
  const keep = (entry: { name: string; size: number }): boolean => {
    checkName(entry.name);
    const relative = relativeOf(entry.name);
    if (relative === undefined) return false;
    if (relative === "SPEC_VERSION") {
      if (entry.size > 1024) throw new RefreshError(`${sourcePath}/SPEC_VERSION is too large`);
      return true;
    }
    if (!KEEP.test(relative)) return false;
    if (entry.size > limits.maxFileBytes) {
      throw new RefreshError(
        `${relative} is ${entry.size} bytes, over the ${limits.maxFileBytes}-byte cap`,
      );
    }
    if (total + entry.size > limits.maxTotalBytes) {
      throw new RefreshError(`the corpus is over the ${limits.maxTotalBytes}-byte cap`);
    }
    if (files.size >= limits.maxFiles) {
      throw new RefreshError(`the corpus has more than ${limits.maxFiles} files`);
    }
    return true;
  };
  for await (const entry of readTar(gunzipStream(gz, limits.maxTarBytes), keep)) {
    checkName(entry.name);
    const relative = relativeOf(entry.name);
    if (relative === undefined) continue;
    if (entry.kind === "link") {
      throw new RefreshError(`refusing link in the corpus: ${JSON.stringify(entry.name)}`);
    }
    if (entry.data === undefined) continue;
    if (relative === "SPEC_VERSION") {
      revision = new TextDecoder().decode(entry.data).trim();
      continue;
    }
    total += entry.data.length;
    files.set(relative, entry.data);
  }
  return revision === undefined || revision === "" ? { files } : { files, revision };
}

/** Refuse absolute names and `..` segments. */
function checkName(name: string): void {
  if (name.startsWith("/") || /^[A-Za-z]:/.test(name) || name.includes("\\")) {
    throw new RefreshError(`refusing tarball entry with an absolute path: ${JSON.stringify(name)}`);
  }
  if (name.split("/").includes("..")) {
    throw new RefreshError(`refusing tarball entry with a ".." segment: ${JSON.stringify(name)}`);
  }
}

function normalise(path: string): string {
  const segments = path.split("/").filter((s) => s !== "" && s !== ".");
  if (segments.includes("..") || path.startsWith("/")) {
    throw new RefreshError(`--source-path must be a relative path inside the repository: ${path}`);
  }
  return segments.join("/");
}
