/** @module Find test files: command-line paths, `suites:` entries of the project config, or `tests/**`. */

import { join, relative, resolve, sep } from "node:path";
import { ConfigError, type SourcePos } from "../errors/errors.ts";
import { globBase, globToRegExp, isGlob } from "./glob.ts";

/** The project config file name (in the working directory). */
export const CONFIG_FILE = "mcptest.yml";
/** The developer-local, gitignored config file name (in the working directory). */
export const LOCAL_CONFIG_FILE = "mcptest.local.yml";
/** Folders a directory walk never enters (besides dot-folders). */
export const SKIPPED_DIRS: readonly string[] = ["snapshots", "cassettes", "node_modules"];

const YAML_FILE = /\.ya?ml$/i;

/**
 * Every `*.yml` / `*.yaml` under `dir`, recursively, sorted. Skips dot-entries, `snapshots/`,
 * `cassettes/`, `node_modules/` and the config files `mcptest.yml` / `mcptest.local.yml`.
 */
export async function walkTestFiles(dir: string): Promise<string[]> {
  const found: string[] = [];
  const entries: Deno.DirEntry[] = [];
  for await (const entry of Deno.readDir(dir)) entries.push(entry);
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    if (entry.name.startsWith(".")) continue;
    const path = join(dir, entry.name);
    let isDir = entry.isDirectory, isFile = entry.isFile;
    if (entry.isSymlink) {
      const info = await Deno.stat(path).catch(() => undefined);
      isDir = info?.isDirectory ?? false;
      isFile = info?.isFile ?? false;
    }
    if (isDir && !SKIPPED_DIRS.includes(entry.name)) found.push(...await walkTestFiles(path));
    else if (
      isFile && YAML_FILE.test(entry.name) && entry.name !== CONFIG_FILE &&
      entry.name !== LOCAL_CONFIG_FILE
    ) {
      found.push(path);
    }
  }
  return found;
}

/**
 * Resolve `mcptest run PATHS...`: a file is taken as is, a folder is walked.
 * @returns absolute paths, and an error for each path that does not exist
 */
export async function discoverPaths(
  paths: readonly string[],
  cwd: string,
): Promise<{ files: string[]; errors: ConfigError[] }> {
  const files: string[] = [];
  const errors: ConfigError[] = [];
  for (const path of paths) {
    const abs = resolve(cwd, path);
    const info = await statOrUndefined(abs);
    if (!info) errors.push(new ConfigError(`path not found: ${JSON.stringify(path)}`));
    else if (info.isDirectory) files.push(...await walkTestFiles(abs));
    else files.push(abs);
  }
  return { files, errors };
}

/**
 * Resolve the `suites:` entries of the project config, relative to its folder: a file, a folder
 * (walked) or a glob (`tests/**\/*.yml`, `{a,b}/*.yaml`). An entry that matches nothing is an error.
 * @param posOf position of entry `i` (errors point at it)
 */
export async function discoverSuites(
  entries: readonly string[],
  baseDir: string,
  posOf: (index: number) => SourcePos,
): Promise<{ files: string[]; errors: ConfigError[] }> {
  const files: string[] = [];
  const errors: ConfigError[] = [];
  for (const [index, raw] of entries.entries()) {
    const entry = raw.replace(/^\.\//, "");
    if (!isGlob(entry)) {
      const abs = resolve(baseDir, entry);
      const info = await statOrUndefined(abs);
      if (!info) {
        errors.push(
          new ConfigError(`suites entry ${JSON.stringify(raw)} does not exist`, posOf(index)),
        );
      } else if (info.isDirectory) files.push(...await walkTestFiles(abs));
      else files.push(abs);
      continue;
    }
    const pattern = globToRegExp(entry);
    const start = resolve(baseDir, globBase(entry));
    const candidates = (await statOrUndefined(start))?.isDirectory
      ? await walkTestFiles(start)
      : [];
    const matched = candidates.filter((abs) => pattern.test(toSlash(relative(baseDir, abs))));
    if (matched.length === 0) {
      errors.push(
        new ConfigError(`suites entry ${JSON.stringify(raw)} matches no test file`, posOf(index)),
      );
    }
    files.push(...matched);
  }
  return { files, errors };
}

/** The default when nothing names the suites: `tests/**\/*.{yml,yaml}` under `cwd` (none if absent). */
export async function discoverDefault(cwd: string): Promise<string[]> {
  const dir = join(cwd, "tests");
  return (await statOrUndefined(dir))?.isDirectory ? await walkTestFiles(dir) : [];
}

async function statOrUndefined(path: string): Promise<Deno.FileInfo | undefined> {
  try {
    return await Deno.stat(path);
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return undefined;
    throw error;
  }
}

function toSlash(path: string): string {
  return sep === "/" ? path : path.replaceAll(sep, "/");
}
