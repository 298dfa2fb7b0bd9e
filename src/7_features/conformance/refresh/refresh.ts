/** @module `conformance refresh`: select a ref, fetch the tarball, extract the corpus, write it atomically. */

import { join } from "../../../0_base/util/path.ts";
import {
  conformanceCacheRoot,
  type EnvGetter,
  safeEnv,
  VERSION_DIR,
} from "../corpus_cache/cache_dir.ts";
import { RefreshError } from "./errors.ts";
import { DEFAULT_LIMITS, extractCorpus, type ExtractLimits } from "./extract.ts";
import { cappedBody } from "./gunzip_stream.ts";
import {
  DEFAULT_API_BASE,
  DEFAULT_CODELOAD_BASE,
  get,
  parseRepoUrl,
  tarballUrl,
  type Upstream,
} from "./github.ts";
import { selectRef, versionFromRef } from "./select_ref.ts";
import { type CorpusDiff, diffCorpus, writeCorpus } from "./write_corpus.ts";

/** The upstream repository refresh reads by default. */
export const DEFAULT_UPSTREAM_URL = "https://github.com/modelcontextprotocol/conformance";

/** Inputs of {@link refreshCorpus}. */
export interface RefreshOptions {
  /** A spec version, or `latest` (default). */
  readonly revision?: string;
  /** Destination root (default: the user cache root). */
  readonly corpusDir?: string;
  readonly url?: string;
  readonly ref?: string;
  readonly sourcePath?: string;
  readonly dryRun?: boolean;
  /** Tarball host (default env MCPTEST_CODELOAD_URL, else https://codeload.github.com). */
  readonly codeloadUrl?: string;
  /** API base (default env MCPTEST_GITHUB_API_URL, else https://api.github.com). */
  readonly apiUrl?: string;
  readonly env?: EnvGetter;
  readonly limits?: ExtractLimits;
  /** Where progress lines go (default console.error). */
  readonly log?: (line: string) => void;
  readonly fetch?: typeof fetch;
  /** Deadline of each request to upstream, body included (default 60 s). */
  readonly timeoutMs?: number;
}

/** What a refresh did. */
export interface RefreshSummary {
  readonly ref: string;
  readonly version: string;
  readonly dir: string;
  readonly dryRun: boolean;
  readonly diff: CorpusDiff;
}

/** Compressed tarball cap (50 MiB). */
const MAX_TARBALL_BYTES = 50 * 1024 * 1024;

/**
 * Refresh one corpus version from upstream.
 * @throws {import("./errors.ts").RefreshNetworkError} (exit 3) when upstream cannot be fetched, times out or answers in the wrong shape
 * @throws {RefreshError} (exit 1) for bad input, an unsafe archive or an I/O failure
 */
export async function refreshCorpus(options: RefreshOptions = {}): Promise<RefreshSummary> {
  const env = options.env ?? safeEnv;
  const log = options.log ?? ((line: string) => console.error(line));
  const target = options.revision ?? "latest";
  if (target !== "latest" && !VERSION_DIR.test(target)) {
    throw new RefreshError(
      `--target-version must be latest or YYYY-MM-DD[-suffix], got "${target}"`,
    );
  }
  const root = options.corpusDir ?? conformanceCacheRoot(env);
  if (root === undefined) {
    throw new RefreshError(
      "cannot find a cache directory (set XDG_CACHE_HOME or HOME, or pass --corpus-dir)",
    );
  }
  const sourcePath = options.sourcePath ?? "src/seps";
  const token = env("GITHUB_TOKEN");
  const upstream: Upstream = {
    ...parseRepoUrl(options.url ?? DEFAULT_UPSTREAM_URL),
    apiBase: trim(options.apiUrl ?? env("MCPTEST_GITHUB_API_URL") ?? DEFAULT_API_BASE),
    codeloadBase: trim(options.codeloadUrl ?? env("MCPTEST_CODELOAD_URL") ?? DEFAULT_CODELOAD_BASE),
    ...(token ? { token } : {}),
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
  };
  const choice = await selectRef(upstream, sourcePath, target, options.ref);
  // The chosen ref is "pinned"; the tags passed over on the way are said as they are.
  for (const line of choice.why) log(line.startsWith("ref ") ? `pinned ${line}` : line);
  const url = tarballUrl(upstream, choice.ref);
  log(`fetching ${url}`);
  const response = await get(upstream, url);
  const limits = options.limits ?? DEFAULT_LIMITS;
  const extracted = await extractCorpus(
    cappedBody(response, MAX_TARBALL_BYTES, "tarball"),
    sourcePath,
    limits,
  );
  if (extracted.files.size === 0) {
    throw new RefreshError(
      `no .yaml, .yml or .json files under ${sourcePath} at ${choice.ref}; the corpus was left as it was`,
    );
  }
  const version = pickVersion(target, extracted.revision, choice.ref, sourcePath, log);
  const dir = join(root, version);
  const diff = await diffCorpus(dir, extracted.files);
  const dryRun = options.dryRun ?? false;
  if (!dryRun) await writeCorpus(root, version, extracted.files);
  log(
    `${
      dryRun ? "would write" : "wrote"
    } ${dir}: ${diff.added.length} added, ${diff.removed.length} removed, ` +
      `${diff.changed.length} changed, ${diff.unchanged.length} unchanged`,
  );
  return { ref: choice.ref, version, dir, dryRun, diff };
}

/** Seed 002's chain: an explicit version; else SPEC_VERSION; else the ref name; else ask. */
function pickVersion(
  target: string,
  sidecar: string | undefined,
  ref: string,
  sourcePath: string,
  log: (line: string) => void,
): string {
  if (target !== "latest") {
    log(`filed under ${target}: given by --target-version`);
    return target;
  }
  if (sidecar !== undefined && VERSION_DIR.test(sidecar)) {
    log(`filed under ${sidecar}: read from ${sourcePath}/SPEC_VERSION`);
    return sidecar;
  }
  const derived = versionFromRef(ref);
  if (derived !== undefined) {
    log(`filed under ${derived}: derived from the ref name ${ref}`);
    return derived;
  }
  throw new RefreshError(
    `cannot tell which spec version ${ref} holds (no ${sourcePath}/SPEC_VERSION, no date in the ref name); pass --target-version <V>`,
  );
}

function trim(url: string): string {
  return url.replace(/\/+$/, "");
}
