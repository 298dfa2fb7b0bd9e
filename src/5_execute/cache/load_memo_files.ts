/** @module Retention of the load memos: the newest few are kept, older ones removed. */

import { join } from "../../0_base/util/path.ts";

/**
 * Remove all but the `keep` most recently written `*.json` files of `dir` (a memo being read
 * while it is removed was read whole, or is a miss). Never throws.
 */
export async function keepNewest(dir: string, keep: number): Promise<void> {
  try {
    const files: { path: string; mtime: number }[] = [];
    for await (const entry of Deno.readDir(dir)) {
      if (!entry.isFile || !entry.name.endsWith(".json")) continue;
      const path = join(dir, entry.name);
      const info = await Deno.stat(path).catch(() => undefined);
      if (info) files.push({ path, mtime: info.mtime?.getTime() ?? 0 });
    }
    files.sort((a, b) => b.mtime - a.mtime);
    for (const old of files.slice(keep)) await Deno.remove(old.path).catch(() => {});
  } catch { /* an unreadable folder: nothing removed */ }
}
