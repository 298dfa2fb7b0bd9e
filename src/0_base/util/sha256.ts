/** @module Hex SHA-256 of a text, synchronously (node:crypto): no round trip per hash when 50,000 tests are keyed. */

import { createHash } from "node:crypto";

/**
 * The hex SHA-256 of `text` (UTF-8).
 *
 * @example
 * ```ts
 * import { sha256Hex } from "./sha256.ts";
 * sha256Hex("abc").slice(0, 8); // "ba7816bf"
 * ```
 */
export function sha256Hex(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}
