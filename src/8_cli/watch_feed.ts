/** @module The file events `--watch` waits on: one watcher kept across runs, so a change made during a run is not lost. */

import { contentHash, folderContents } from "./watch_contents.ts";
import { type Affected, merge, type WatchPlan } from "./watch_targets.ts";
import { eventHit, FolderPoller, foldersToWatch, watchKey } from "./watch_roots.ts";

/** Quiet time after the last change before a rerun (editors write a file in several steps). */
export const DEBOUNCE_MS = 150;

/** A change that calls for a rerun. */
export interface Change {
  /** The watched paths that changed (absolute). */
  readonly changed: string[];
  /** The test files to rerun. */
  readonly affected: Affected;
}

/**
 * Events of the watched folders, kept between runs. `watch` (re)starts the watcher when the
 * folder list changes; `next` returns the changes a plan cares about, waiting for them to settle.
 */
export class ChangeFeed {
  #watcher: Deno.FsWatcher | undefined;
  #key = "";
  #asked: readonly string[] = [];
  #roots: readonly string[] = [];
  #watched: readonly string[] = []; // #asked, #roots and their parents
  readonly #poller = new FolderPoller((paths) => {
    this.#pending.push(...paths);
    this.#wake?.();
  });
  #pending: string[] = [];
  #wake: (() => void) | undefined;
  /** What each file of the planned folders held when the last run ended (its SHA-256). */
  #runState = new Map<string, string>();

  /**
   * Watch these folders, `roots` (given to `run`) and their parents, non-recursively (a no-op when
   * already watched). A watched folder an event names (removed, made again) is polled from then
   * on: Deno's watcher does not see into a folder made again at one path within a process.
   */
  watch(folders: readonly string[], roots: readonly string[] = []): void {
    [this.#asked, this.#roots] = [folders, roots];
    const watched = foldersToWatch(folders, roots), key = watchKey(watched);
    if (this.#watcher !== undefined && key === this.#key) return;
    this.#watcher?.close();
    [this.#key, this.#watched] = [key, watched];
    const watcher = Deno.watchFs(watched.length > 0 ? watched : ["."], { recursive: false });
    this.#watcher = watcher;
    (async () => {
      for await (const event of watcher) {
        if (event.kind === "access") continue;
        this.#pending.push(...event.paths);
        this.#wake?.();
      }
    })().catch(() => {});
  }

  /**
   * Drop what a run wrote itself: events inside the planned folders (snapshots/, cassettes/)
   * that arrived while it ran. Edits to watched files made meanwhile are kept. An event of the
   * run's own writes can also arrive later (the OS delivers file events asynchronously, later
   * still on a busy machine): the folders' contents are noted now, and such an event is dropped
   * when it finds the file as the run left it. So a rerun never depends on how fast events come.
   */
  dropRunWrites(plan: WatchPlan): void {
    this.#pending = this.#pending.filter((p) => plan.files.has(p));
    this.#runState = folderContents(plan.folders.keys());
  }

  /** The next change `plan` cares about, once no further event came for {@link DEBOUNCE_MS}. */
  async next(plan: WatchPlan): Promise<Change> {
    const changed = new Set<string>();
    let affected: Affected | undefined;
    while (true) {
      for (const path of this.#pending.splice(0)) {
        const hit = eventHit(plan, this.#roots, this.#watched, path);
        if (this.#watched.includes(path)) this.#poller.add(path); // removed, or made again
        if (hit === undefined || this.#asRunLeftIt(plan, path)) continue;
        changed.add(path);
        affected = merge(affected, hit);
      }
      const waited = await this.#wait(affected === undefined ? undefined : DEBOUNCE_MS);
      if (!waited && affected !== undefined) return { changed: [...changed], affected };
    }
  }

  /** A file of a planned folder (not itself a watched file) that holds what the last run left. */
  #asRunLeftIt(plan: WatchPlan, path: string): boolean {
    if (plan.files.has(path)) return false;
    const left = this.#runState.get(path);
    return left !== undefined && left === contentHash(path);
  }

  /** Stop watching. */
  close(): void {
    this.#poller.close();
    this.#watcher?.close();
    this.#watcher = undefined;
  }

  /** Wait for an event (true) or, with a timeout, for quiet (false). */
  #wait(ms: number | undefined): Promise<boolean> {
    return new Promise((resolve) => {
      const done = (event: boolean) => {
        clearTimeout(timer);
        this.#wake = undefined;
        resolve(event);
      };
      const timer = ms === undefined ? undefined : setTimeout(() => done(false), ms);
      const wake = () => done(true);
      this.#wake = wake;
    });
  }
}
