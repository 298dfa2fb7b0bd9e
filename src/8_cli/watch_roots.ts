/** @module What `--watch` must also notice: a test file added to a folder given to `run`, and a watched folder removed and made again. */

import { dirname, sep } from "../0_base/util/path.ts";
import { type Affected, affectedBy, merge, type WatchPlan } from "./watch_targets.ts";
import { folderContents } from "./watch_contents.ts";

/** How often a polled folder is compared with what it held. */
export const POLL_MS = 250;

/**
 * Folders compared with their last contents (file -> SHA-256) every {@link POLL_MS}: a folder
 * removed and made again, which Deno's file watcher no longer sees into. `onChange` gets the
 * files that appeared, changed or went away.
 */
export class FolderPoller {
  readonly #seen = new Map<string, Map<string, string>>();
  #timer: ReturnType<typeof setInterval> | undefined;
  constructor(private readonly onChange: (paths: string[]) => void) {}

  /** Poll `folder` from now on (a no-op when it already is). */
  add(folder: string): void {
    if (this.#seen.has(folder)) return;
    this.#seen.set(folder, folderContents([folder]));
    this.#timer ??= setInterval(() => this.#tick(), POLL_MS);
  }

  #tick(): void {
    for (const [folder, before] of this.#seen) {
      const now = folderContents([folder]);
      const paths = [...new Set([...before.keys(), ...now.keys()])]
        .filter((p) => before.get(p) !== now.get(p));
      this.#seen.set(folder, now);
      if (paths.length > 0) this.onChange(paths);
    }
  }

  /** Stop polling. */
  close(): void {
    clearInterval(this.#timer);
    this.#timer = undefined;
  }
}

/** The folders among `paths` (default `tests/`): a new YAML file directly in one reruns everything. */
export function rootsOf(paths: readonly string[], resolveIn: (path: string) => string): string[] {
  return (paths.length > 0 ? paths : ["tests"]).map(resolveIn).filter(isDir);
}

/** The folders to watch: those asked for and the roots, with their parents (to see them come back). */
export function foldersToWatch(folders: readonly string[], roots: readonly string[]): string[] {
  const all = [...folders, ...roots];
  return [...new Set([...all, ...all.map((f) => dirname(f))])].filter(isDir).sort();
}

/** The watcher's identity: the folders and their inodes (a folder made again is another one). */
export function watchKey(folders: readonly string[]): string {
  return folders.map((f) => `${f}#${inode(f)}`).join("\n");
}

/**
 * What an event on `path` asks to rerun: the plan's answer; else everything for a new YAML file
 * in a root; for a watched folder or root that exists again (removed and made again, or moved in),
 * the files the plan has inside it, and everything for a root.
 */
export function eventHit(
  plan: WatchPlan,
  roots: readonly string[],
  watched: readonly string[],
  path: string,
): Affected | undefined {
  let hit = affectedBy(plan, [path]);
  if (hit === undefined && /\.ya?ml$/i.test(path) && roots.includes(dirname(path))) hit = "all";
  if (watched.includes(path) && isDir(path)) {
    const inside = [...plan.files.keys()].filter((f) => f.startsWith(path + sep));
    const within = affectedBy(plan, inside);
    if (within !== undefined) hit = merge(hit, within);
    if (roots.includes(path)) hit = merge(hit, "all");
  }
  return hit;
}

function inode(path: string): string {
  try {
    return String(Deno.statSync(path).ino ?? "");
  } catch {
    return "gone";
  }
}

function isDir(path: string): boolean {
  try {
    return Deno.statSync(path).isDirectory;
  } catch {
    return false;
  }
}
