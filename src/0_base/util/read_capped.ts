/** @module The one capped stream reader: read a byte stream whole, refusing more than a cap (HTTP bodies, downloads, decompression). */

import { concatBytes } from "./concat_bytes.ts";

/**
 * Read `stream` to the end into one Uint8Array, stopping (and cancelling the stream) as soon as
 * more than `maxBytes` arrived: then `tooLarge(maxBytes)` is thrown. Memory stays bounded by the
 * cap (the chunks, then one copy). Errors of the stream itself are rethrown as they come.
 */
export async function readCapped(
  stream: ReadableStream<Uint8Array> | null | undefined,
  maxBytes: number,
  tooLarge: (maxBytes: number) => Error,
): Promise<Uint8Array> {
  if (!stream) return new Uint8Array(0);
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (true) {
      const { value, done } = await reader.read();
      if (done) break;
      size += value.length;
      if (size > maxBytes) {
        await reader.cancel().catch(() => {});
        throw tooLarge(maxBytes);
      }
      chunks.push(value);
    }
  } finally {
    reader.releaseLock();
  }
  return concatBytes(chunks);
}
