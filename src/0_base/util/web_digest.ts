/**
 * @module SHA-256 and HMAC-SHA256 through WebCrypto: native, and without Deno's Node layer. Each
 * call is one promise (about 12 us however short the text), so they suit the few large texts of a
 * run (a cassette, a result cache pack, every test of a server at once); thousands of short texts
 * hash synchronously through ./sha256.ts. The bytes are the same either way.
 */

const encoder = new TextEncoder();

/** `00`..`ff`, by byte value. */
const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, "0"));

/** The bytes as lowercase hex, two digits each. */
export function hexOf(bytes: ArrayBuffer | Uint8Array): string {
  let out = "";
  for (const byte of bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes)) out += HEX[byte];
  return out;
}

/** The UTF-8 bytes of `data` (bytes are hashed as they are). */
const bytesOf = (data: string | Uint8Array<ArrayBuffer>): Uint8Array<ArrayBuffer> =>
  typeof data === "string" ? encoder.encode(data) : data;

/**
 * The hex SHA-256 of `data` (a text as UTF-8).
 *
 * @example
 * ```ts
 * import { webSha256Hex } from "./web_digest.ts";
 * (await webSha256Hex("abc")).slice(0, 8); // "ba7816bf"
 * ```
 */
export async function webSha256Hex(data: string | Uint8Array<ArrayBuffer>): Promise<string> {
  return hexOf(await crypto.subtle.digest("SHA-256", bytesOf(data)));
}

/** The HMAC key of the last secret used (a run signs everything under one). */
let lastKey: { readonly secret: string; readonly key: Promise<CryptoKey> } | undefined;

function hmacKey(secret: string): Promise<CryptoKey> {
  if (lastKey?.secret !== secret) {
    const key = crypto.subtle.importKey(
      "raw",
      encoder.encode(secret),
      { name: "HMAC", hash: "SHA-256" },
      false,
      ["sign"],
    );
    lastKey = { secret, key };
  }
  return lastKey.key;
}

/**
 * The hex HMAC-SHA256 of `data` (a text as UTF-8) under `secret` (its UTF-8 bytes are the key):
 * the same bytes as `hmacHex` of the result cache and node's `createHmac`.
 */
export async function webHmacHex(
  secret: string,
  data: string | Uint8Array<ArrayBuffer>,
): Promise<string> {
  return hexOf(await crypto.subtle.sign("HMAC", await hmacKey(secret), bytesOf(data)));
}
