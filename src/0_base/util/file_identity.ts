/** @module One name per file: a path resolved against the working directory, symbolic links followed, so `a.json`, `./a.json` and a link to it compare equal. */

import { basename, dirname, join, resolve } from "./path.ts";

/**
 * The canonical name of the file `path` names: absolute, `.`/`..` removed, every symbolic link
 * followed (of the file when it exists, else of its folder). Two paths naming one file give one
 * string; an unresolvable folder keeps its resolved spelling.
 *
 * @example
 * ```ts
 * import { fileIdentity } from "./file_identity.ts";
 * fileIdentity("a.json") === fileIdentity("./sub/../a.json"); // true
 * ```
 */
export function fileIdentity(path: string): string {
  const absolute = resolve(path);
  try {
    return Deno.realPathSync(absolute);
  } catch {
    try {
      return join(Deno.realPathSync(dirname(absolute)), basename(absolute));
    } catch {
      return absolute;
    }
  }
}
