/** @module Write the files of `mcptest init`, never overwriting one. */

import { dirname, join } from "../../0_base/util/path.ts";
import { UsageError } from "../../0_base/errors/errors.ts";

/** A file to write: its path relative to the target folder, and its text. */
export interface NewFile {
  readonly path: string;
  readonly text: string;
}

/**
 * Write every file under `dir`, or none: when one already exists, nothing is written and the
 * error names it (exit 2). Each file is created atomically and exclusively (see
 * {@link createFileAtomic}), so a file that appears meanwhile is not overwritten either.
 * @throws {UsageError} naming the file that exists
 */
export async function writeNewFiles(dir: string, files: readonly NewFile[]): Promise<void> {
  for (const file of files) {
    if (await exists(join(dir, file.path))) throw existsError(file.path);
  }
  const written: string[] = [];
  try {
    for (const file of files) {
      const abs = join(dir, file.path);
      if (!await createFileAtomic(abs, file.text)) throw existsError(file.path);
      written.push(abs);
    }
  } catch (error) {
    for (const abs of written) await Deno.remove(abs).catch(() => {});
    throw error;
  }
}

/**
 * Create `path` holding `text`, whole or not at all: the text goes to a temporary file in the same
 * folder, which is then hard-linked to `path` (refused when `path` exists) and removed.
 * @returns false, writing nothing, when `path` already exists
 */
export async function createFileAtomic(path: string, text: string): Promise<boolean> {
  const dir = dirname(path);
  await Deno.mkdir(dir, { recursive: true });
  const temp = join(dir, `.mcptest-init-${crypto.randomUUID()}.tmp`);
  await Deno.writeTextFile(temp, text, { createNew: true });
  try {
    await Deno.link(temp, path);
    return true;
  } catch (error) {
    if (error instanceof Deno.errors.AlreadyExists) return false;
    throw error;
  } finally {
    await Deno.remove(temp).catch(() => {});
  }
}

/** The error for a file `mcptest init` will not overwrite. */
export function existsError(path: string): UsageError {
  return new UsageError(
    `${path} already exists; mcptest init never overwrites a file (move it away, or pass --dir to write elsewhere)`,
  );
}

/** Whether anything (a file, folder or link) is at `path`. */
export async function exists(path: string): Promise<boolean> {
  try {
    await Deno.lstat(path);
    return true;
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return false;
    throw error;
  }
}
