/** @module Find test files: command-line paths, `suites:` entries of the project config, or `tests/**`. */

import { join, relative, resolve, sep } from "../../0_base/util/path.ts";
import { ConfigError, type SourcePos } from "../../0_base/errors/errors.ts";
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

/**
 * Where a load looks for test files: the command line's PATHS, the `suites:` entries of the
 * project config (relative to `baseDir`, its folder), the default `tests/` folder, or nowhere (a
 * config that holds tests and names no suites).
 */
export type DiscoveryPlan =
  | { readonly paths: readonly string[] }
  | { readonly suites: readonly string[]; readonly baseDir: string }
  | { readonly default: true }
  | { readonly none: true };

/**
 * The test files `plan` finds under `cwd` now (a folder walked again finds a file added since).
 * @param posOf position of `suites:` entry `i`, for its errors
 */
export async function discoverPlanned(
  plan: DiscoveryPlan,
  cwd: string,
  posOf: (index: number) => SourcePos,
): Promise<{ files: string[]; errors: ConfigError[] }> {
  if ("paths" in plan) return await discoverPaths(plan.paths, cwd);
  if ("suites" in plan) return await discoverSuites(plan.suites, plan.baseDir, posOf);
  if ("none" in plan) return { files: [], errors: [] };
  return { files: await discoverDefault(cwd), errors: [] };
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

/** What `mcptest run` was given, and what it loaded, for {@link describeSearch}. */
export interface SearchFacts {
  /** The PATHS of the command line (relative to `cwd`). */
  readonly paths: readonly string[];
  /** The working directory (absolute). */
  readonly cwd: string;
  /** `--config FILE`, when given. */
  readonly configFile?: string;
  /** The files the suite loaded (as shown). */
  readonly files: readonly string[];
  /** How many tests the suite holds before selection. */
  readonly tests: number;
}

/**
 * Say what a run with nothing to run looked for and where (for the exit-7 message): the PATHS, or
 * the config's `suites:`, or the `tests/` default; what it found; and how to start.
 * @returns lines, each without a trailing newline
 */
export async function describeSearch(facts: SearchFacts): Promise<string[]> {
  const lines: string[] = [];
  const configAbs = resolve(facts.cwd, facts.configFile ?? CONFIG_FILE);
  const configShown = facts.configFile ?? CONFIG_FILE;
  if (facts.paths.length > 0) {
    lines.push(
      `looked in: ${facts.paths.join(", ")} (files as given, folders walked for *.yml and *.yaml)`,
    );
  } else if (await statOrUndefined(configAbs)) {
    lines.push(
      `looked in: ${configShown} (its suites: and its own tests; without suites:, tests/**/*.{yml,yaml} under ${facts.cwd})`,
    );
  } else {
    const tests = (await statOrUndefined(join(facts.cwd, "tests")))?.isDirectory;
    lines.push(
      `looked for: ${configShown} in ${facts.cwd} (not found), then tests/**/*.{yml,yaml} (${
        tests ? "none found" : "no tests/ folder"
      })`,
    );
  }
  if (facts.files.length === 0) {
    lines.push("found: no test file");
    lines.push(
      "start a suite with: mcptest init --server NAME=COMMAND (or NAME=URL), or pass test files or folders",
    );
  } else {
    const shown = facts.files.slice(0, 5).join(", ") + (facts.files.length > 5 ? ", ..." : "");
    const plural = facts.files.length === 1 ? "" : "s";
    lines.push(
      `found: ${facts.files.length} file${plural} (${shown}) with ${facts.tests} test${
        facts.tests === 1 ? "" : "s"
      }`,
    );
    if (facts.tests > 0) {
      lines.push("none of them matched the selection (--filter, --shard, --last-failed)");
    }
  }
  return lines;
}
