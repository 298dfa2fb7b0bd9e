/** @module Writes one corpus version atomically (temp dir + rename) and reports added / removed / unchanged. */

import { dirname, join } from "../../../0_base/util/path.ts";
import { RefreshError } from "./errors.ts";

/** What a refresh changed (file paths relative to the version folder, sorted). */
export interface CorpusDiff {
  readonly added: readonly string[];
  readonly removed: readonly string[];
  readonly changed: readonly string[];
  readonly unchanged: readonly string[];
}

/** Compare new files with what `<root>/<version>/` holds now. */
export async function diffCorpus(
  dir: string,
  files: ReadonlyMap<string, Uint8Array>,
): Promise<CorpusDiff> {
  const existing = await readTree(dir);
  const added: string[] = [], changed: string[] = [], unchanged: string[] = [];
  for (const [path, data] of files) {
    const old = existing.get(path);
    if (old === undefined) added.push(path);
    else if (equal(old, data)) unchanged.push(path);
    else changed.push(path);
  }
  const removed = [...existing.keys()].filter((p) => !files.has(p));
  return {
    added: added.sort(),
    removed: removed.sort(),
    changed: changed.sort(),
    unchanged: unchanged.sort(),
  };
}

/**
 * Replace `<root>/<version>/` with exactly `files`: write a temp folder beside it, move the old
 * folder aside, rename the temp folder into place, then delete the old one. If anything fails
 * before the final rename, the previous corpus is left as it was.
 */
export async function writeCorpus(
  root: string,
  version: string,
  files: ReadonlyMap<string, Uint8Array>,
): Promise<void> {
  await Deno.mkdir(root, { recursive: true });
  const id = crypto.randomUUID().slice(0, 8);
  const temp = join(root, `.${version}.tmp-${id}`);
  const old = join(root, `.${version}.old-${id}`);
  const target = join(root, version);
  try {
    for (const [path, data] of files) {
      const file = join(temp, path);
      await Deno.mkdir(dirname(file), { recursive: true });
      await Deno.writeFile(file, data);
    }
    await Deno.mkdir(temp, { recursive: true });
  } catch (error) {
    await Deno.remove(temp, { recursive: true }).catch(() => {});
    throw new RefreshError(`cannot write the corpus under ${root}: ${message(error)}`, {
      cause: error,
    });
  }
  let movedAside = false;
  try {
    try {
      await Deno.rename(target, old);
      movedAside = true;
    } catch (error) {
      if (!(error instanceof Deno.errors.NotFound)) throw error;
    }
    await Deno.rename(temp, target);
  } catch (error) {
    if (movedAside) await Deno.rename(old, target).catch(() => {});
    await Deno.remove(temp, { recursive: true }).catch(() => {});
    throw new RefreshError(`cannot move the new corpus into ${target}: ${message(error)}`, {
      cause: error,
    });
  }
  if (movedAside) await Deno.remove(old, { recursive: true }).catch(() => {});
}

async function readTree(
  dir: string,
  base = dir,
  out = new Map<string, Uint8Array>(),
): Promise<Map<string, Uint8Array>> {
  try {
    for await (const entry of Deno.readDir(dir)) {
      const path = join(dir, entry.name);
      if (entry.isDirectory) await readTree(path, base, out);
      else if (entry.isFile) {
        out.set(path.slice(base.length + 1).replaceAll("\\", "/"), await Deno.readFile(path));
      }
    }
  } catch (error) {
    if (!(error instanceof Deno.errors.NotFound)) throw error;
  }
  return out;
}

function equal(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
