/** @module Reads SEP files from disk: one version directory, or every version under a corpus root. */

import { join, relative } from "../../0_base/util/path.ts";
import { looksLikeSep, parseSepFile } from "./parse_sep.ts";
import type { SepCorpus, SepFile } from "./types.ts";
import { VERSION_DIR } from "./corpus_cache/cache_dir.ts";

/**
 * Read every `*.yaml`, `*.yml` and `*.json` file under `dir` (recursively) that has the SEP shape;
 * other files (upstream's traceability.json, SPEC_VERSION) are skipped.
 * @throws {SepFormatError} for a file with `sep` and `requirements` but a bad shape
 */
export async function readCorpusVersion(dir: string, version: string): Promise<SepCorpus> {
  const seps: SepFile[] = [];
  for (const path of await listFiles(dir)) {
    if (!/\.(ya?ml|json)$/i.test(path)) continue;
    const text = await Deno.readTextFile(path);
    const name = relative(dir, path);
    const value = await parseCorpusFile(path, text);
    if (!looksLikeSep(value)) continue;
    seps.push(parseSepFile(value, name));
  }
  seps.sort((a, b) => a.sep - b.sep);
  return { version, seps };
}

/**
 * The version directories present under a corpus root (sorted), or [] when the root is absent or
 * may not be read (a run without --allow-read falls back to the embedded corpus).
 */
export async function listVersions(root: string): Promise<string[]> {
  const versions: string[] = [];
  try {
    for await (const entry of Deno.readDir(root)) {
      if (entry.isDirectory && VERSION_DIR.test(entry.name)) versions.push(entry.name);
    }
  } catch (error) {
    if (error instanceof Deno.errors.NotFound || error instanceof Deno.errors.NotCapable) return [];
    if (error instanceof Deno.errors.PermissionDenied) return [];
    throw error;
  }
  return versions.sort();
}

/** What a `--corpus-dir` root holds at its top level. */
export interface FlatCorpus {
  /** Whether the root holds SEP files directly (upstream's own `src/seps/` layout). */
  readonly flat: boolean;
  /** The revision named by a `SPEC_VERSION` file beside them, if any. */
  readonly version?: string;
}

/**
 * Whether `root` is a flat folder of SEP files (`sep-NNNN.yaml` at the top level, as upstream keeps
 * them in `src/seps/`), and the revision its `SPEC_VERSION` file names. Absent or unreadable
 * roots are not flat.
 */
export async function flatCorpus(root: string): Promise<FlatCorpus> {
  let flat = false;
  let version: string | undefined;
  try {
    for await (const entry of Deno.readDir(root)) {
      if (entry.isFile && /^sep-\d+\.(ya?ml|json)$/i.test(entry.name)) flat = true;
      if (entry.isFile && entry.name === "SPEC_VERSION") {
        const text = (await Deno.readTextFile(join(root, entry.name))).trim();
        if (VERSION_DIR.test(text)) version = text;
      }
    }
  } catch (error) {
    if (error instanceof Deno.errors.NotFound || error instanceof Deno.errors.NotCapable) {
      return { flat: false };
    }
    if (error instanceof Deno.errors.PermissionDenied) return { flat: false };
    throw error;
  }
  return version === undefined || !flat ? { flat } : { flat, version };
}

/** Read a flat folder of SEP files (top level only; sub-folders are ignored). */
export async function readFlatCorpus(root: string, version: string): Promise<SepCorpus> {
  const seps: SepFile[] = [];
  for await (const entry of Deno.readDir(root)) {
    if (!entry.isFile || !/\.(ya?ml|json)$/i.test(entry.name)) continue;
    const text = await Deno.readTextFile(join(root, entry.name));
    const value = await parseCorpusFile(entry.name, text);
    if (looksLikeSep(value)) seps.push(parseSepFile(value, entry.name));
  }
  seps.sort((a, b) => a.sep - b.sep);
  return { version, seps };
}

/**
 * A corpus file's value: JSON, else YAML with the `yaml` package, loaded on first use (a run on
 * the embedded corpus loads no YAML parser).
 */
async function parseCorpusFile(name: string, text: string): Promise<unknown> {
  if (name.toLowerCase().endsWith(".json")) return JSON.parse(text);
  const { parse } = await import("yaml");
  return parse(text);
}

async function listFiles(dir: string): Promise<string[]> {
  const files: string[] = [];
  for await (const entry of Deno.readDir(dir)) {
    const path = join(dir, entry.name);
    if (entry.isDirectory) files.push(...await listFiles(path));
    else if (entry.isFile) files.push(path);
  }
  return files.sort();
}
