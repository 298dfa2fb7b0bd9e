/** @module Strict UTF-8 decoding for suite, config and env files: the text, or the line:col of the first byte that is not UTF-8. */

/** Bytes that are not valid UTF-8, at a 1-based line and column (columns count characters). */
export class InvalidUtf8Error extends Error {
  /** 0-based byte offset of the first bad byte. */
  readonly offset: number;
  readonly line: number;
  readonly col: number;
  constructor(offset: number, line: number, col: number, byte: number) {
    super(
      `invalid UTF-8 at line ${line}, column ${col} (byte 0x${
        byte.toString(16).padStart(2, "0")
      } at offset ${offset}); expected a UTF-8 text file`,
    );
    this.name = "InvalidUtf8Error";
    this.offset = offset;
    this.line = line;
    this.col = col;
  }
}

/**
 * Decode `bytes` as UTF-8, refusing anything that is not (no U+FFFD substitution).
 * A leading byte order mark is dropped.
 * @throws {InvalidUtf8Error} at the first invalid byte
 */
export function decodeUtf8Strict(bytes: Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    const offset = firstInvalidUtf8(bytes);
    const before = new TextDecoder("utf-8").decode(bytes.subarray(0, offset));
    const lastNewline = before.lastIndexOf("\n");
    const line = before.split("\n").length;
    const col = [...before.slice(lastNewline + 1)].length + 1;
    throw new InvalidUtf8Error(offset, line, col, bytes[offset] ?? 0);
  }
}

/** Offset of the first byte that starts (or breaks) an invalid UTF-8 sequence; length if none. */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i]!;
    if (b < 0x80) {
      i++;
      continue;
    }
    let need: number, lo = 0x80, hi = 0xbf;
    if (b >= 0xc2 && b <= 0xdf) need = 1;
    else if (b >= 0xe0 && b <= 0xef) {
      need = 2;
      if (b === 0xe0) lo = 0xa0; // no overlong forms
      if (b === 0xed) hi = 0x9f; // no surrogates
    } else if (b >= 0xf0 && b <= 0xf4) {
      need = 3;
      if (b === 0xf0) lo = 0x90;
      if (b === 0xf4) hi = 0x8f; // nothing past U+10FFFF
    } else return i;
    for (let k = 1; k <= need; k++) {
      const c = bytes[i + k];
      const [min, max] = k === 1 ? [lo, hi] : [0x80, 0xbf];
      if (c === undefined || c < min || c > max) return i;
    }
    i += need + 1;
  }
  return bytes.length;
}
