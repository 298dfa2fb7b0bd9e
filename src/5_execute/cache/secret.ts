/** @module The result cache's secret: kept outside the repository, it binds every key and entry so a file from a pull request cannot pose as one (docs/cache.md). */

import { createSha256 } from "../../0_base/util/sha256.ts";
import { hexOf } from "../../0_base/util/web_digest.ts";
import { isAbsolute, join, relative, resolve } from "../../0_base/util/path.ts";

/** The environment variable that may carry the secret (CI caches shared between jobs). */
export const CACHE_KEY_ENV = "MCPTEST_CACHE_KEY";

/** Where the secret file lives: `$XDG_CACHE_HOME/mcptest/result-cache.key`, else `~/.cache/...`. */
export function cacheSecretPath(env: (name: string) => string | undefined): string | undefined {
  const xdg = env("XDG_CACHE_HOME");
  if (xdg) return join(xdg, "mcptest", "result-cache.key");
  const home = env("HOME");
  return home ? join(home, ".cache", "mcptest", "result-cache.key") : undefined;
}

const inside = (path: string, dir: string): boolean => {
  const rel = relative(resolve(dir), resolve(path));
  return rel === "" || (!rel.startsWith("..") && !isAbsolute(rel));
};

/**
 * The secret of this machine's cache: `$MCPTEST_CACHE_KEY` when set (16 characters or more), else
 * the key file (created with 32 random bytes, mode 0600, on first use). Undefined, and so no
 * cache, when there is no place outside `cwd` to keep it, or it cannot be read or created: a
 * secret inside the repository could come from the same pull request as the entries.
 */
export async function loadCacheSecret(
  cwd: string,
  env: (name: string) => string | undefined = (name) => Deno.env.get(name),
): Promise<string | undefined> {
  const given = env(CACHE_KEY_ENV);
  if (given !== undefined && given.length >= 16) return given;
  const path = cacheSecretPath(env);
  if (path === undefined || inside(path, cwd)) return undefined;
  try {
    return valid(await Deno.readTextFile(path));
  } catch (error) {
    if (!(error instanceof Deno.errors.NotFound)) return undefined;
  }
  return await createSecret(path).catch(() => undefined);
}

const valid = (text: string): string | undefined => {
  const secret = text.trim();
  return /^[0-9a-f]{64}$/.test(secret) ? secret : undefined;
};

/** Create the key file atomically (a temp file linked into place): two runs agree on one secret. */
async function createSecret(path: string): Promise<string | undefined> {
  const folder = join(path, "..");
  await Deno.mkdir(folder, { recursive: true, mode: 0o700 });
  const temp = join(folder, `.result-cache.key.${crypto.randomUUID()}.tmp`);
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  const hex = hexOf(bytes);
  await Deno.writeTextFile(temp, hex + "\n", { mode: 0o600 });
  try {
    await Deno.link(temp, path);
  } catch (error) {
    if (!(error instanceof Deno.errors.AlreadyExists)) throw error;
  } finally {
    await Deno.remove(temp).catch(() => {});
  }
  return valid(await Deno.readTextFile(path));
}

/** SHA-256's block size: an HMAC key is padded (or first hashed) to it. */
const BLOCK_BYTES = 64;

/** The inner and outer HMAC pads of the last secret used (a run keys every test under one). */
let pads:
  | { readonly secret: string; readonly inner: Uint8Array; readonly outer: Uint8Array }
  | undefined;

/** The inner (`0x36`) and outer (`0x5c`) pads of `secret`, as RFC 2104 defines them. */
function padsOf(secret: string): { readonly inner: Uint8Array; readonly outer: Uint8Array } {
  if (pads?.secret === secret) return pads;
  let key: Uint8Array = new TextEncoder().encode(secret);
  if (key.length > BLOCK_BYTES) key = createSha256().update(key).digest();
  const inner = new Uint8Array(BLOCK_BYTES).fill(0x36);
  const outer = new Uint8Array(BLOCK_BYTES).fill(0x5c);
  for (let i = 0; i < key.length; i++) {
    inner[i]! ^= key[i]!;
    outer[i]! ^= key[i]!;
  }
  pads = { secret, inner, outer };
  return pads;
}

/**
 * Hex HMAC-SHA256 of `text` under the cache secret: the same bytes as `createHmac`, built from two
 * plain hashes over pads worked out once per secret (a run keys 50,000 tests; a `createHmac` sets
 * its key up again for each, several times the cost of the hashes).
 * @throws {ModuleNotLoaded} before `loadSha256` resolved (the result cache loads it first)
 */
export function hmacHex(secret: string, text: string): string {
  const { inner, outer } = padsOf(secret);
  const innerDigest = createSha256().update(inner).update(text).digest();
  return createSha256().update(outer).update(innerDigest).digest("hex");
}
