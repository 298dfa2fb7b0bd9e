/** @module Snapshot files without the matcher: where a key's file lives, and the files no loaded test uses (a run names those without loading any matcher). */

import { dirname, join, relative } from "../0_base/util/path.ts";

/** Path of a snapshot file. */
export function snapshotPath(suiteDir: string, key: string): string {
  return join(suiteDir, "snapshots", `${key}.json`);
}

/** The keys a matcher spec's snapshot argument names (`snapshot: KEY` or `{ key: KEY }`). */
export function snapshotKeyOf(arg: unknown): string | undefined {
  if (typeof arg === "string") return arg;
  if (
    arg !== null && typeof arg === "object" && typeof (arg as { key?: unknown }).key === "string"
  ) {
    return (arg as { key: string }).key;
  }
  return undefined;
}

/**
 * Snapshot files no loaded test uses: in the `snapshots/` folder next to the loaded test files,
 * `KEY.json` files whose key no snapshot matcher of `used` names (a deep walk over the tests and
 * any other loaded data, so agent assertions count). A folder is only judged when every
 * `*.yml`/`*.yaml` file beside it was loaded (a partial run cannot tell what the others use).
 * @returns the paths, relative to `cwd`, sorted
 */
export async function obsoleteSnapshots(
  files: readonly string[],
  used: unknown,
  cwd: string,
): Promise<string[]> {
  const folders = new Set(files.map((f) => dirname(join(cwd, f))));
  const withSnapshots = [];
  for (const folder of folders) {
    if (await isFolder(join(folder, "snapshots"))) withSnapshots.push(folder);
  }
  // No snapshots/ folder beside any loaded file: nothing to judge, no walk over the tests.
  if (withSnapshots.length === 0) return [];
  const keys = new Set<string>();
  const walk = (v: unknown): void => {
    if (v === null || typeof v !== "object") return;
    if (Array.isArray(v)) return v.forEach(walk);
    const o = v as Record<string, unknown>;
    if (o.name === "snapshot" && "arg" in o) {
      const key = snapshotKeyOf(o.arg);
      if (key !== undefined) keys.add(key);
    }
    Object.values(o).forEach(walk);
  };
  walk(used);
  const loaded = new Set(files.map((f) => join(cwd, f)));
  const out: string[] = [];
  for (const folder of withSnapshots) {
    let complete = true;
    const found: string[] = [];
    try {
      for await (const e of Deno.readDir(folder)) {
        if (e.isFile && /\.ya?ml$/.test(e.name) && !loaded.has(join(folder, e.name))) {
          complete = false;
        }
      }
      for await (const e of Deno.readDir(join(folder, "snapshots"))) {
        const key = e.isFile && e.name.endsWith(".json") ? e.name.slice(0, -5) : undefined;
        if (key !== undefined && !keys.has(key)) found.push(join(folder, "snapshots", e.name));
      }
    } catch {
      continue; // no snapshots/ folder (or an unreadable one): nothing to judge
    }
    if (complete) out.push(...found.map((p) => relative(cwd, p)));
  }
  return out.sort();
}

async function isFolder(path: string): Promise<boolean> {
  try {
    return (await Deno.stat(path)).isDirectory;
  } catch {
    return false;
  }
}
