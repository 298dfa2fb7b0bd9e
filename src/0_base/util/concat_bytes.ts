/** @module Join byte chunks into one Uint8Array (the one copy every chunked reader makes). */

/**
 * The chunks as one array: the only chunk itself when there is one, else one copy of them all.
 *
 * @example
 * ```ts
 * import { concatBytes } from "./concat_bytes.ts";
 * concatBytes([new Uint8Array([1]), new Uint8Array([2, 3])]); // Uint8Array [1, 2, 3]
 * ```
 */
export function concatBytes(chunks: readonly Uint8Array[]): Uint8Array {
  if (chunks.length === 1) return chunks[0]!;
  let size = 0;
  for (const chunk of chunks) size += chunk.length;
  const out = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}
