/** @module Reads SEP files from disk: one version directory, or every version under a corpus root. */

import { join, relative } from "node:path";
import { parse } from "yaml";
import { looksLikeSep, parseSepFile } from "./parse_sep.ts";
import type { CorpusVersion, SepFile } from "./types.ts";

/** A version directory name: `YYYY-MM-DD` with an optional `-suffix` (or `draft`). */
export const VERSION_DIR = /^(\d{4}-\d{2}-\d{2}(-[A-Za-z0-9.]+)?|draft)$/;

/**
 * Read every `*.yaml`, `*.yml` and `*.json` file under `dir` (recursively) that has the SEP shape;
 * other files (upstream's traceability.json, SPEC_VERSION) are skipped.
 * @throws {SepFormatError} for a file with `sep` and `requirements` but a bad shape
 */
export async function readCorpusVersion(dir: string, version: string): Promise<CorpusVersion> {
  const seps: SepFile[] = [];
  for (const path of await listFiles(dir)) {
    if (!/\.(ya?ml|json)$/i.test(path)) continue;
    const text = await Deno.readTextFile(path);
    const name = relative(dir, path);
    const value: unknown = path.toLowerCase().endsWith(".json") ? JSON.parse(text) : parse(text);
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

async function listFiles(dir: string): Promise<string[]> {
  const files: string[] = [];
  for await (const entry of Deno.readDir(dir)) {
    const path = join(dir, entry.name);
    if (entry.isDirectory) files.push(...await listFiles(path));
    else if (entry.isFile) files.push(path);
  }
  return files.sort();
}
