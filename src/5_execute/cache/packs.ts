/** @module One pack per server and cassette: where it lives, what a rewrite keeps, and the packs of an older cassette it replaces (docs/cache.md). */

import { canonicalJson } from "../../0_base/util/canonical_json.ts";
import { CACHE_FORMAT } from "./key.ts";
import { webHmacHex } from "../../0_base/util/web_digest.ts";
import { loadSha256 } from "../../0_base/util/sha256.ts";
import {
  type KeyedSequence,
  openEntry,
  type PackContent,
  packPath,
  PACKS_DIR,
  readPack,
  type StoredEntry,
  writePack,
} from "./store.ts";
import { join } from "../../0_base/util/path.ts";

/** An entry neither served nor stored by the last this many writes of its pack is dropped. */
export const KEEP_GENERATIONS = 8;

/** A pack keeps the sequences of its last this many distinct selections (docs/cache.md). */
export const KEEP_SEQUENCES = 4;

/** What names a pack: the server and the cassette it replays. */
export interface PackIdentity {
  /** The server's key in the suite. */
  readonly server: string;
  /** The server's name. */
  readonly name: string;
  /** The cassette file, relative to the working directory. */
  readonly cassettePath: string;
  /** SHA-256 of the cassette's bytes. */
  readonly cassetteHash: string;
}

/** One server's pack as read when the run opened the cache. */
export interface OpenPack extends PackContent {
  /** The store folder. */
  readonly dir: string;
  /**
   * HMAC of the server and its cassette path: every pack of the same cassette file shares it
   * (so a pack of older cassette bytes is found and removed).
   */
  readonly slot: string;
}

/** Read the pack of `identity` (empty when it is missing or damaged). */
export async function openPack(
  dir: string,
  identity: PackIdentity,
  secret: string,
): Promise<OpenPack> {
  const [slot, tag] = (await Promise.all([
    webHmacHex(
      secret,
      canonicalJson({ pack: "slot", server: identity.server, cassette: identity.cassettePath }),
    ),
    webHmacHex(secret, canonicalJson({ format: CACHE_FORMAT, ...identity })),
  ])).map((hex) => hex.slice(0, 32)) as [string, string];
  return { ...await readPack(packPath(dir, slot, tag), tag, secret), dir, slot };
}

/**
 * Rewrite `pack`, sealed under `secret`, with the entries this run `used` (served, or stored
 * fresh) first, then the ones it read that a recent write used, most recent first (from a pack
 * that was not sealed, only those that authenticate: the seal vouches for every entry); the run's
 * `sequence` (when new) before the ones the pack kept. Then remove the packs of the same server
 * and cassette path but other bytes (a re-recorded cassette: their entries can never match).
 * Entries another run wrote since this one read the pack are lost: they cost a miss.
 */
export async function savePack(
  pack: OpenPack,
  used: ReadonlyMap<string, StoredEntry>,
  secret: string,
  sequence?: KeyedSequence,
): Promise<void> {
  if (!pack.sealed && pack.entries.size > 0) await loadSha256(); // entries authenticate one by one
  const generation = pack.generation + 1;
  const entries = new Map<string, StoredEntry>();
  for (const [key, entry] of used) entries.set(key, { ...entry, seen: generation });
  const older = [...pack.entries]
    .filter(([key, entry]) => !used.has(key) && generation - entry.seen <= KEEP_GENERATIONS)
    .filter(([key]) => pack.sealed || openEntry(pack.entries, key, secret) !== undefined)
    .sort((a, b) => b[1].seen - a[1].seen);
  for (const [key, entry] of older) entries.set(key, entry);
  const kept = pack.sequences.filter((s) => s.sequence !== sequence?.sequence);
  const sequences = (sequence ? [sequence, ...kept] : kept).slice(0, KEEP_SEQUENCES);
  const content = { tag: pack.tag, generation, entries, sequences, sealed: true };
  await writePack(packPath(pack.dir, pack.slot, pack.tag), content, secret);
  await removeStalePacks(pack);
}

/** Remove the other packs of `pack`'s slot (same server and cassette path, other bytes or format). */
async function removeStalePacks(pack: OpenPack): Promise<void> {
  const folder = join(pack.dir, PACKS_DIR);
  const own = `${pack.slot}-${pack.tag}.json`;
  const same = new RegExp(`^${pack.slot}-[0-9a-f]{32}\\.json$`);
  for await (const file of Deno.readDir(folder)) {
    if (file.name === own || !same.test(file.name)) continue;
    // Not recursive: a folder planted under such a name stays (and is never read as a pack).
    await Deno.remove(join(folder, file.name)).catch(() => {});
  }
}
