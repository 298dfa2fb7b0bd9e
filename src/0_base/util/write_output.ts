/** @module Writes rendered output to stdout, to a regular file atomically, or straight into a device, FIFO or pipe. */

import { dirname, join, resolve } from "./path.ts";
import { UsageError } from "../errors/errors.ts";

/** Output text: one string, or chunks written one after another (a large report is never joined). */
export type OutputText = string | Iterable<string>;

/**
 * Write `text` to stdout (`-` or undefined) or to `path`. A regular file (or a path that does not
 * exist yet) is written atomically (temp file + rename); anything else (`/dev/stdout`, `/dev/null`,
 * a FIFO, `>(cat)`, a symlink to a device) is opened and written in place, never replaced.
 * @throws {UsageError} when the output cannot be written, naming the real path (exit 2)
 */
export async function writeOutput(path: string | undefined, text: OutputText): Promise<void> {
  if (path === undefined || path === "-") {
    if (stdoutGone) return;
    try {
      await writeText(Deno.stdout, text);
    } catch (error) {
      if (!isBrokenPipe(error)) throw error;
      stdoutGone = true; // `mcptest run | head -1`: the reader left; the verdict still decides the exit code
    }
    return;
  }
  await writeFileAtomic(path, text);
}

let stdoutGone = false;

/** Whether `error` says the reader of a pipe went away (EPIPE). */
export function isBrokenPipe(error: unknown): boolean {
  return error instanceof Deno.errors.BrokenPipe ||
    (error instanceof Error && (error as { code?: unknown }).code === "EPIPE");
}

/**
 * Write `text` to stdout synchronously, all of it; once the reader has gone (a broken pipe) the
 * rest of the output is dropped quietly, never an error: `mcptest run | head -1` ends with the
 * run's own exit code.
 * @param out the stream (default Deno.stdout)
 */
export function writeStdoutSync(
  text: string,
  out: { writeSync(p: Uint8Array): number } = Deno.stdout,
): void {
  if (stdoutGone && out === Deno.stdout) return;
  const bytes = new TextEncoder().encode(text);
  let written = 0;
  try {
    while (written < bytes.length) written += out.writeSync(bytes.subarray(written));
  } catch (error) {
    if (!isBrokenPipe(error)) throw error;
    if (out === Deno.stdout) stdoutGone = true;
  }
}

/** Write `text` to stderr (annotations, diagnostics), all of it. */
export async function writeStderr(text: string): Promise<void> {
  await writeAll(Deno.stderr, new TextEncoder().encode(text));
}

/**
 * Write a file so that readers see the old or the new content, never a half-written one. Only a
 * regular file (or a path that does not exist yet) is replaced through a temp file and a rename;
 * a device, FIFO, socket or a symlink to one is opened and written directly, so `/dev/null` or a
 * pipe stays what it is (a rename would replace the node itself, and as root it is allowed to).
 * A symlink to a regular file is followed: its target is replaced, the link is kept.
 * @throws {UsageError} when it cannot be written, naming the real path (exit 2)
 */
export async function writeFileAtomic(path: string, text: OutputText): Promise<void> {
  try {
    await writeFile(path, text);
  } catch (error) {
    if (error instanceof Deno.errors.NotCapable) throw error; // a missing Deno permission
    const reason = error instanceof Error ? error.message : String(error);
    throw new UsageError(
      `cannot write ${JSON.stringify(await realPath(path))}: ${reason}`,
      { cause: error },
    );
  }
}

async function writeFile(path: string, text: OutputText): Promise<void> {
  const info = await statOrUndefined(path);
  if (info !== undefined && !info.isFile) {
    if (info.isDirectory) throw new Deno.errors.IsADirectory(`is a folder, expected a file`);
    await writeInPlace(path, text);
    return;
  }
  const target = info !== undefined ? await Deno.realPath(path) : path;
  const dir = dirname(target);
  await Deno.mkdir(dir, { recursive: true });
  const temp = join(dir, `.${crypto.randomUUID()}.tmp`);
  try {
    const file = await Deno.open(temp, { write: true, createNew: true });
    try {
      await writeText(file, text);
    } finally {
      file.close();
    }
    await Deno.rename(temp, target);
  } catch (error) {
    await Deno.remove(temp).catch(() => {});
    throw error;
  }
}

/** `stat` (following symlinks), or undefined when nothing is there (or a dangling link). */
async function statOrUndefined(path: string): Promise<Deno.FileInfo | undefined> {
  try {
    return await Deno.stat(path);
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return undefined;
    throw error;
  }
}

/** Open an existing non-regular file for writing (no create, no truncate on a device) and write. */
async function writeInPlace(path: string, text: OutputText): Promise<void> {
  const file = await Deno.open(path, { write: true });
  try {
    await writeText(file, text);
  } finally {
    file.close();
  }
}

/** The path with symlinks resolved when possible, else made absolute: what a message names. */
async function realPath(path: string): Promise<string> {
  try {
    return await Deno.realPath(path);
  } catch {
    return resolve(path);
  }
}

/** Anything with Deno's `write` shape (stdout, a file). */
/** Anything with a `write` of some of the bytes (a file, stdout). */
export interface ByteSink {
  write(p: Uint8Array): Promise<number>;
}

/** Chunks are gathered up to this many characters before one write (few syscalls, bounded memory). */
const WRITE_BATCH_CHARS = 1 << 16;

/** Encode and write the chunks in batches: memory holds one batch's bytes at a time. */
async function writeText(w: ByteSink, text: OutputText): Promise<void> {
  const encoder = new TextEncoder();
  if (typeof text === "string") {
    await writeAll(w, encoder.encode(text));
    return;
  }
  let batch: string[] = [];
  let size = 0;
  for (const chunk of text) {
    batch.push(chunk);
    size += chunk.length;
    if (size >= WRITE_BATCH_CHARS) {
      await writeAll(w, encoder.encode(batch.join("")));
      batch = [];
      size = 0;
    }
  }
  if (batch.length > 0) await writeAll(w, encoder.encode(batch.join("")));
}

/** Write every byte of `bytes` to `w` (a `write` may take only some of them). */
export async function writeAll(w: ByteSink, bytes: Uint8Array): Promise<void> {
  let written = 0;
  while (written < bytes.length) written += await w.write(bytes.subarray(written));
}
