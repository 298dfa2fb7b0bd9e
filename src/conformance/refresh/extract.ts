/** @module In-memory gunzip + untar (nanotar) of an upstream tarball, keeping only safe corpus files. */

import { parseTar } from "nanotar";
import { RefreshError } from "./errors.ts";
import { rawTarNames } from "./raw_names.ts";

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
  readonly specVersion?: string;
}

const KEEP = /\.(ya?ml|json)$/i;

/** Gunzip `gz` with DecompressionStream, refusing more than `maxBytes`. */
export async function gunzip(gz: Uint8Array, maxBytes: number): Promise<Uint8Array> {
  const stream = new Blob([gz as Uint8Array<ArrayBuffer>]).stream().pipeThrough(
    new DecompressionStream("gzip"),
  );
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for await (const chunk of stream) {
      size += chunk.length;
      if (size > maxBytes) {
        throw new RefreshError(`The tarball expands past the ${maxBytes}-byte cap`);
      }
      chunks.push(chunk);
    }
  } catch (error) {
    if (error instanceof RefreshError) throw error;
    throw new RefreshError(
      `Cannot gunzip the tarball: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const out = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
}

/**
 * Untar and keep `<top>/<sourcePath>/**\/*.{yaml,yml,json}` (the codeload top folder is stripped)
 * plus `<sourcePath>/SPEC_VERSION`.
 * @throws {RefreshError} for an absolute path, a `..` segment, a link under the source path, or a size cap
 */
export function extractCorpus(
  tar: Uint8Array,
  sourcePath: string,
  limits: ExtractLimits = DEFAULT_LIMITS,
): Extracted {
  const prefix = normalise(sourcePath).replace(/\/?$/, "/");
  for (const { name } of rawTarNames(tar)) checkName(name);
  let entries;
  try {
    entries = parseTar(tar);
  } catch (error) {
    throw new RefreshError(
      `Cannot untar the tarball: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const files = new Map<string, Uint8Array>();
  let total = 0;
  let specVersion: string | undefined;
  for (const entry of entries) {
    const name = entry.name;
    if (entry.type === "globalExtendedHeader" || entry.type === "extendedHeader") continue;
    checkName(name);
    const segments = name.split("/").filter((s) => s !== "" && s !== ".");
    const inner = segments.slice(1).join("/");
    if (!inner.startsWith(prefix)) continue;
    const relative = inner.slice(prefix.length);
    if (entry.type === "symbolicLink" || entry.type === "hardLink") {
      throw new RefreshError(`Refusing link in the corpus: ${JSON.stringify(name)}`);
    }
    if (entry.type !== "file" && entry.type !== "contiguousFile") continue;
    if (relative === "SPEC_VERSION") {
      specVersion = new TextDecoder().decode(entry.data ?? new Uint8Array()).trim();
      continue;
    }
    if (!KEEP.test(relative)) continue;
    const data = entry.data ?? new Uint8Array();
    if (data.length > limits.maxFileBytes) {
      throw new RefreshError(
        `${relative} is ${data.length} bytes, over the ${limits.maxFileBytes}-byte cap`,
      );
    }
    total += data.length;
    if (total > limits.maxTotalBytes) {
      throw new RefreshError(`The corpus is over the ${limits.maxTotalBytes}-byte cap`);
    }
    if (files.size >= limits.maxFiles) {
      throw new RefreshError(`The corpus has more than ${limits.maxFiles} files`);
    }
    files.set(relative, data);
  }
  return specVersion === undefined || specVersion === "" ? { files } : { files, specVersion };
}

/** Refuse absolute names and `..` segments. */
function checkName(name: string): void {
  if (name.startsWith("/") || /^[A-Za-z]:/.test(name) || name.includes("\\")) {
    throw new RefreshError(`Refusing tarball entry with an absolute path: ${JSON.stringify(name)}`);
  }
  if (name.split("/").includes("..")) {
    throw new RefreshError(`Refusing tarball entry with a ".." segment: ${JSON.stringify(name)}`);
  }
}

function normalise(path: string): string {
  const segments = path.split("/").filter((s) => s !== "" && s !== ".");
  if (segments.includes("..") || path.startsWith("/")) {
    throw new RefreshError(`--source-path must be a relative path inside the repository: ${path}`);
  }
  return segments.join("/");
}
