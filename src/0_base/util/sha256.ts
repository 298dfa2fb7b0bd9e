/**
 * @module Hex SHA-256 of a text, synchronously (node:crypto): no round trip per hash when 50,000
 * tests are keyed. node:crypto is loaded on first need ({@link loadSha256}): it starts Deno's
 * Node layer (about 10 ms and 4 MB), which a run that hashes nothing (no cassette to replay, no
 * failure to remember) never pays.
 */

import { lazyModule } from "./lazy_module.ts";

const nodeCrypto = lazyModule("node:crypto", () => import("node:crypto"));

/** Load the hashing: {@link sha256Hex} and {@link createSha256} work once it resolved. */
export async function loadSha256(): Promise<void> {
  await nodeCrypto.load();
}

/**
 * A SHA-256 hash to feed (node:crypto's `createHash("sha256")`).
 * @throws {ModuleNotLoaded} before {@link loadSha256} resolved
 */
export function createSha256(): ReturnType<typeof import("node:crypto").createHash> {
  return nodeCrypto.get().createHash("sha256");
}

/**
 * The hex SHA-256 of `text` (UTF-8).
 * @throws {ModuleNotLoaded} before {@link loadSha256} resolved
 *
 * @example
 * ```ts
 * import { loadSha256, sha256Hex } from "./sha256.ts";
 * await loadSha256();
 * sha256Hex("abc").slice(0, 8); // "ba7816bf"
 * ```
 */
export function sha256Hex(text: string): string {
  return createSha256().update(text).digest("hex");
}
