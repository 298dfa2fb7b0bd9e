/** @module What `mcptest run --watch` watches, and which test files a changed path affects. */

import { dirname, isAbsolute, join, resolve, sep } from "../0_base/util/path.ts";
import type { Suite } from "../3_load/config/types.ts";

/** Every test file, or these (as the suite names them, relative to the working directory). */
export type Affected = "all" | readonly string[];

/** The watched paths of a loaded suite. */
export interface WatchPlan {
  /** A watched file (absolute) and the test files to rerun when it changes. */
  readonly files: ReadonlyMap<string, Affected>;
  /** A watched folder (absolute; snapshots/, cassettes/): any file inside it affects these. */
  readonly folders: ReadonlyMap<string, Affected>;
}

/** The project files a change to which reruns everything (config, local config, env files). */
export interface ProjectFiles {
  readonly cwd: string;
  /** `--config`, else `mcptest.yml`. */
  readonly config?: string | undefined;
  readonly serverConfig?: string | undefined;
  readonly envFiles?: readonly string[];
}

/**
 * Plan what to watch for a loaded suite: each test file (reruns itself), the `snapshots/` and
 * `cassettes/` folders next to test files (rerun that folder's test files), the local files a
 * stdio server's command names (rerun the files whose tests use that server), and the project
 * config, local config and env files (rerun everything).
 */
export function watchPlan(suite: Suite, project: ProjectFiles): WatchPlan {
  const cwd = project.cwd;
  const files = new Map<string, Affected>();
  const folders = new Map<string, Affected>();
  const add = (path: string, affected: Affected) => {
    const before = files.get(path);
    files.set(path, merge(before, affected));
  };
  const byFolder = new Map<string, string[]>();
  for (const file of suite.files) {
    add(resolve(cwd, file), [file]);
    const dir = dirname(resolve(cwd, file));
    byFolder.set(dir, [...byFolder.get(dir) ?? [], file]);
  }
  for (const [dir, inDir] of byFolder) {
    folders.set(join(dir, "snapshots"), inDir);
    folders.set(join(dir, "cassettes"), inDir);
  }
  for (const server of Object.values(suite.servers)) {
    if (server.target.kind !== "stdio") continue;
    const users = [
      ...new Set(suite.tests.filter((t) => t.serverKey === server.key).map((t) => t.file)),
    ];
    if (users.length === 0) continue;
    const base = server.target.cwd ?? cwd;
    for (const arg of server.target.command.slice(1)) {
      const path = localFile(arg, base);
      if (path !== undefined) add(path, users);
    }
  }
  for (const name of ["mcptest.local.yml", ".env", ".env.local"]) add(resolve(cwd, name), "all");
  add(resolve(cwd, project.config ?? "mcptest.yml"), "all");
  if (project.serverConfig !== undefined) add(resolve(cwd, project.serverConfig), "all");
  for (const env of project.envFiles ?? []) add(resolve(cwd, env), "all");
  return { files, folders };
}

/** The test files to rerun for these changed paths (absolute), or undefined when none is watched. */
export function affectedBy(plan: WatchPlan, changed: readonly string[]): Affected | undefined {
  let affected: Affected | undefined;
  for (const path of changed) {
    let hit = plan.files.get(path);
    for (const [folder, inFolder] of plan.folders) {
      if (path.startsWith(folder + sep)) hit = merge(hit, inFolder);
    }
    if (hit !== undefined) affected = merge(affected, hit);
  }
  return affected;
}

/** The folders to hand to `Deno.watchFs` (non-recursive): each watched file's and folder's parent, and the folders themselves when they exist. */
export function watchedFolders(plan: WatchPlan): string[] {
  const dirs = new Set<string>();
  for (const path of plan.files.keys()) if (isDir(dirname(path))) dirs.add(dirname(path));
  for (const folder of plan.folders.keys()) if (isDir(folder)) dirs.add(folder);
  return [...dirs].sort();
}

/** Both sets of files to rerun. */
export function merge(a: Affected | undefined, b: Affected): Affected {
  if (a === undefined) return b;
  if (a === "all" || b === "all") return "all";
  return [...new Set([...a, ...b])];
}

/** An argument that names an existing regular file (a server script), absolute. */
function localFile(arg: string, base: string): string | undefined {
  if (arg.startsWith("-") || arg.includes("://")) return undefined;
  const path = isAbsolute(arg) ? arg : resolve(base, arg);
  try {
    return Deno.statSync(path).isFile ? path : undefined;
  } catch {
    return undefined;
  }
}

function isDir(path: string): boolean {
  try {
    return Deno.statSync(path).isDirectory;
  } catch {
    return false;
  }
}
