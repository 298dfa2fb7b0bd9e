/** @module Find the YAML suites and JSON cassettes under some paths and scan each for corpus hits. */

import { extname, isAbsolute, join, relative, resolve } from "../../0_base/util/path.ts";
import { UsageError } from "../../0_base/errors/errors.ts";
import { findHits, LineIndex } from "./rules.ts";
import { parseJsonTrees, parseYamlTrees, SourceSyntaxError } from "./source_tree.ts";
import type { Hit } from "./types.ts";

/** The kind of source a file is, from its extension. */
export type SourceKind = "yaml" | "json";

/** One scanned file: its hits, or why it could not be read. */
export interface ScannedFile {
  /** The path as shown (relative to the working directory when inside it). */
  readonly file: string;
  /** The absolute path. */
  readonly path: string;
  readonly kind: SourceKind;
  /** The text scanned (undefined when unreadable). */
  readonly text?: string;
  readonly hits: readonly Hit[];
  /** Unreadable or invalid input, positioned (`line`/`col` 1-based, 1:1 when unknown). */
  readonly error?: { readonly line: number; readonly col: number; readonly message: string };
}

const KINDS: Readonly<Record<string, SourceKind>> = {
  ".yml": "yaml",
  ".yaml": "yaml",
  ".json": "json",
};

/** Folders never walked into. */
const SKIPPED_DIRS = new Set(["node_modules", "dist", "__snapshots__"]);

/**
 * The files to scan: each path itself when it is a file (it must end in .yml, .yaml or .json),
 * the YAML and JSON files under it when it is a folder (recursively, sorted, skipping hidden
 * folders, node_modules and dist).
 * @throws {UsageError} a path that does not exist or a file of another kind (exit 2)
 */
export async function collectFiles(paths: readonly string[], cwd: string): Promise<string[]> {
  const files: string[] = [];
  for (const given of paths) {
    const path = isAbsolute(given) ? given : resolve(cwd, given);
    let info: Deno.FileInfo;
    try {
      info = await Deno.stat(path);
    } catch {
      throw new UsageError(`${given}: no such file or folder`);
    }
    if (info.isDirectory) files.push(...await walk(path));
    else if (KINDS[extname(path).toLowerCase()]) files.push(path);
    else throw new UsageError(`${given}: not a YAML (.yml, .yaml) or JSON (.json) file`);
  }
  return [...new Set(files)];
}

async function walk(dir: string): Promise<string[]> {
  const entries: Deno.DirEntry[] = [];
  for await (const entry of Deno.readDir(dir)) entries.push(entry);
  entries.sort((a, b) => a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
  const files: string[] = [];
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory) {
      if (!entry.name.startsWith(".") && !SKIPPED_DIRS.has(entry.name)) {
        files.push(...await walk(path));
      }
    } else if (entry.isFile && KINDS[extname(entry.name).toLowerCase()]) {
      files.push(path);
    }
  }
  return files;
}

/** The path shown to people: relative to `cwd` when inside it, with forward slashes. */
export function displayPath(path: string, cwd: string): string {
  const rel = relative(cwd, path);
  const shown = rel === "" || rel.startsWith("..") || isAbsolute(rel) ? path : rel;
  return shown.replaceAll("\\", "/");
}

/** Read and scan one file; never throws for bad input (see {@link ScannedFile.error}). */
export async function scanFile(path: string, cwd: string): Promise<ScannedFile> {
  const file = displayPath(path, cwd);
  const kind = KINDS[extname(path).toLowerCase()] ?? "yaml";
  let text: string;
  try {
    text = await Deno.readTextFile(path);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return {
      file,
      path,
      kind,
      hits: [],
      error: { line: 1, col: 1, message: `cannot read: ${reason}` },
    };
  }
  return scanText(text, { file, path, kind });
}

/** Scan text already in memory (the parse of `kind`, then the rules). */
export function scanText(
  text: string,
  where: { readonly file: string; readonly path: string; readonly kind: SourceKind },
): ScannedFile {
  try {
    const trees = where.kind === "json" ? parseJsonTrees(text) : parseYamlTrees(text);
    return { ...where, text, hits: findHits(text, trees) };
  } catch (error) {
    if (!(error instanceof SourceSyntaxError)) throw error;
    const { line, col } = new LineIndex(text).position(error.offset);
    const message = where.kind === "json" ? error.message : `invalid YAML: ${error.message}`;
    return { ...where, text, hits: [], error: { line, col, message } };
  }
}

/** Scan every file under `paths`. */
export async function scanPaths(paths: readonly string[], cwd: string): Promise<ScannedFile[]> {
  const files = await collectFiles(paths, cwd);
  const scanned: ScannedFile[] = [];
  for (const path of files) scanned.push(await scanFile(path, cwd));
  return scanned;
}
