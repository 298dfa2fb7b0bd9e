/** @module What the watched folders hold, as content hashes: how `--watch` tells a run's own writes from an edit. */

import { createHash } from "node:crypto";
import { join } from "../0_base/util/path.ts";

/** Each file directly inside `folders` (absolute path) with the SHA-256 of its bytes. */
export function folderContents(folders: Iterable<string>): Map<string, string> {
  const contents = new Map<string, string>();
  for (const folder of folders) {
    for (const name of fileNames(folder)) {
      const path = join(folder, name);
      const hash = contentHash(path);
      if (hash !== undefined) contents.set(path, hash);
    }
  }
  return contents;
}

/** The SHA-256 of a file's bytes, or undefined when it cannot be read (gone, a folder). */
export function contentHash(path: string): string | undefined {
  try {
    return createHash("sha256").update(Deno.readFileSync(path)).digest("hex");
  } catch {
    return undefined;
  }
}

/** The names of the files in a folder (none when it does not exist). */
function fileNames(folder: string): string[] {
  try {
    return [...Deno.readDirSync(folder)].filter((e) => e.isFile).map((e) => e.name);
  } catch {
    return [];
  }
}
