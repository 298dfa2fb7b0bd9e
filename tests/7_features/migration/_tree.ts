/** @module Test helpers of the migration tests: a temp folder of files, a path inside the repository. */

import { ROOT } from "../../_helpers/cli.ts";

/** Absolute path of a file of the repository. */
export const repoFile = (name: string): string => `${ROOT}${name}`;

/** A fresh temp folder holding `files` (name -> text); removed by the returned `cleanup`. */
export async function tempTree(
  files: Record<string, string>,
): Promise<{ dir: string; cleanup(): Promise<void> }> {
  const dir = await Deno.makeTempDir({ prefix: "mcptest-migration-" });
  for (const [name, text] of Object.entries(files)) {
    const path = `${dir}/${name}`;
    await Deno.mkdir(path.slice(0, path.lastIndexOf("/")), { recursive: true });
    await Deno.writeTextFile(path, text);
  }
  return { dir, cleanup: () => Deno.remove(dir, { recursive: true }) };
}
