/** @module Write the files of `mcptest init`, never overwriting one. */

import { dirname, join } from "node:path";
import { UsageError } from "../../0_base/errors/errors.ts";

/** A file to write: its path relative to the target folder, and its text. */
export interface NewFile {
  readonly path: string;
  readonly text: string;
}

/**
 * Write every file under `dir`, or none: when one already exists, nothing is written and the
 * error names it (exit 2). Each file is created exclusively, so a file that appears meanwhile is
 * not overwritten either.
 * @throws {UsageError} naming the file that exists
 */
export async function writeNewFiles(dir: string, files: readonly NewFile[]): Promise<void> {
  for (const file of files) {
    if (await exists(join(dir, file.path))) throw existsError(file.path);
  }
  for (const file of files) {
    const abs = join(dir, file.path);
    await Deno.mkdir(dirname(abs), { recursive: true });
    try {
      await Deno.writeTextFile(abs, file.text, { createNew: true });
    } catch (error) {
      if (error instanceof Deno.errors.AlreadyExists) throw existsError(file.path);
      throw error;
    }
  }
}

function existsError(path: string): UsageError {
  return new UsageError(
    `${path} already exists; mcptest init never overwrites a file (move it away, or pass --dir to write elsewhere)`,
  );
}

async function exists(path: string): Promise<boolean> {
  try {
    await Deno.lstat(path);
    return true;
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return false;
    throw error;
  }
}
