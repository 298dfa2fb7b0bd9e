/** @module The texts of the cassette files a process has read, kept while the file is unchanged: the argument check, the result cache and the replay read each cassette once. */

/** What a file looked like when its text was kept: any change of these reads it again. */
interface Kept {
  readonly mtime: number | undefined;
  readonly size: number;
  readonly ino: number | null;
  readonly text: string;
}

/** The most characters kept in all (a run's cassettes; more are read again each time). */
const MAX_KEPT_CHARS = 64 * 1024 * 1024;

const kept = new Map<string, Kept>();
let keptChars = 0;

/** A stat's identity of a file's content: modification time, size and inode. */
function sameFile(entry: Kept, info: Deno.FileInfo): boolean {
  return entry.size === info.size && entry.mtime === info.mtime?.getTime() &&
    entry.ino === info.ino;
}

/**
 * The text of the file at `path` (whose stat is `info`), read once while its modification time,
 * size and inode stay the same; a file that changed is read again.
 */
export async function keptText(path: string, info: Deno.FileInfo): Promise<string> {
  const entry = kept.get(path);
  if (entry && sameFile(entry, info)) return entry.text;
  const text = await Deno.readTextFile(path);
  forget(path);
  if (text.length <= MAX_KEPT_CHARS) {
    // The oldest go first when the texts kept would pass the bound.
    for (const [oldest] of kept) {
      if (keptChars + text.length <= MAX_KEPT_CHARS) break;
      forget(oldest);
    }
    kept.set(path, { mtime: info.mtime?.getTime(), size: info.size, ino: info.ino, text });
    keptChars += text.length;
  }
  return text;
}

/** Drop the text kept for `path` (a cassette just written or removed). */
export function forget(path: string): void {
  const entry = kept.get(path);
  if (!entry) return;
  kept.delete(path);
  keptChars -= entry.text.length;
}
