/** @module Writes rendered output to stdout or, atomically, to a file. */

import { dirname, join } from "node:path";

/** Write `text` to stdout (`-` or undefined) or atomically to `path` (temp file + rename). */
export async function writeOutput(path: string | undefined, text: string): Promise<void> {
  if (path === undefined || path === "-") {
    await writeAll(Deno.stdout, new TextEncoder().encode(text));
    return;
  }
  await writeFileAtomic(path, text);
}

/** Write `text` to stderr (annotations, diagnostics), all of it. */
export async function writeStderr(text: string): Promise<void> {
  await writeAll(Deno.stderr, new TextEncoder().encode(text));
}

/** Write a file so that readers see the old or the new content, never a half-written one. */
export async function writeFileAtomic(path: string, text: string): Promise<void> {
  const dir = dirname(path);
  await Deno.mkdir(dir, { recursive: true });
  const temp = join(dir, `.${crypto.randomUUID()}.tmp`);
  try {
    await Deno.writeTextFile(temp, text);
    await Deno.rename(temp, path);
  } catch (error) {
    await Deno.remove(temp).catch(() => {});
    throw error;
  }
}

/** Anything with Deno's `write` shape (stdout, a file). */
interface ByteSink {
  write(p: Uint8Array): Promise<number>;
}

async function writeAll(w: ByteSink, bytes: Uint8Array): Promise<void> {
  let written = 0;
  while (written < bytes.length) written += await w.write(bytes.subarray(written));
}
