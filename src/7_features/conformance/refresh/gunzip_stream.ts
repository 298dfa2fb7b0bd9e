/** @module Streaming gunzip in bounded memory: small input slices, a running cap on the output. */

import { RefreshError, RefreshNetworkError } from "./errors.ts";

/**
 * Input is fed to the decompressor in slices this small: Deno's DecompressionStream inflates a
 * whole input chunk into one output chunk, and deflate expands at most ~1032:1, so one output
 * chunk stays under ~4 MiB whatever the archive holds.
 */
const SLICE_BYTES = 4096;

/**
 * Gunzip `source` chunk by chunk, yielding the decompressed bytes and stopping (RefreshError) as
 * soon as they pass `maxBytes`: a gzip bomb costs at most one slice's expansion of memory.
 * Errors of `source` itself (a failed download) are rethrown as they are.
 */
export async function* gunzipStream(
  source: AsyncIterable<Uint8Array>,
  maxBytes: number,
): AsyncGenerator<Uint8Array> {
  const inflate = new DecompressionStream("gzip");
  const writer = inflate.writable.getWriter();
  const reader = inflate.readable.getReader();
  let sourceError: unknown;
  let stopped = false;
  const feeding = (async () => {
    try {
      for await (const chunk of source) {
        for (let at = 0; at < chunk.length && !stopped; at += SLICE_BYTES) {
          await writer.write(chunk.slice(at, at + SLICE_BYTES));
        }
        if (stopped) return;
      }
      await writer.close();
    } catch (error) {
      if (stopped) return;
      sourceError = error;
      await writer.abort(error).catch(() => {});
    }
  })();
  try {
    yield* readCapped(
      reader,
      maxBytes,
      (error) =>
        sourceError ??
          new RefreshError(`cannot gunzip the tarball: ${messageOf(error)}`, { cause: error }),
      () => new RefreshError(`the tarball expands past the ${maxBytes}-byte cap`),
    );
    await feeding;
    if (sourceError !== undefined) throw sourceError;
  } finally {
    stopped = true;
    await reader.cancel().catch(() => {});
    await writer.abort().catch(() => {});
    await feeding.catch(() => {});
  }
}

/**
 * The body of `response` as chunks, stopping (RefreshError) past `maxBytes`; a failure while
 * reading (reset, timeout) is a {@link RefreshNetworkError} (exit 3).
 */
export async function* cappedBody(
  response: Response,
  maxBytes: number,
  what: string,
): AsyncGenerator<Uint8Array> {
  const body = response.body;
  if (body === null) return;
  const reader = body.getReader();
  try {
    yield* readCapped(
      reader,
      maxBytes,
      (error) =>
        new RefreshNetworkError(`the ${what} download failed: ${messageOf(error)}`, {
          cause: error,
        }),
      () => new RefreshError(`the ${what} is larger than the ${maxBytes}-byte cap`),
    );
  } finally {
    await reader.cancel().catch(() => {});
  }
}

/**
 * The chunks of `reader` until it ends, throwing `readError(error)` when a read fails and
 * `capError()` once the running total passes `maxBytes`. Leaves releasing `reader` to the caller.
 */
async function* readCapped(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  maxBytes: number,
  readError: (error: unknown) => unknown,
  capError: () => Error,
): AsyncGenerator<Uint8Array> {
  let total = 0;
  while (true) {
    let next: ReadableStreamReadResult<Uint8Array>;
    try {
      next = await reader.read();
    } catch (error) {
      throw readError(error);
    }
    if (next.done) return;
    total += next.value.length;
    if (total > maxBytes) throw capError();
    yield next.value;
  }
}

function messageOf(error: unknown): string {
  if (error instanceof DOMException && error.name === "TimeoutError") return "timed out";
  return error instanceof Error ? error.message : String(error);
}
