/** @module The on-disk pack file of the result cache: read whole and checked, entries authenticated one by one, written atomically (docs/cache.md). */

import { join } from "../../0_base/util/path.ts";
import type { TestResult } from "../../4_record/run_record.ts";
import { testResultProblem } from "../../4_record/validate.ts";
import { CACHE_FORMAT } from "./key.ts";
import { hmacHex } from "./secret.ts";

/** The store's folder, relative to the working directory. */
export const CACHE_DIR = ".mcptest/cache";

/** The folder of the packs inside the store: `<store>/packs/<slot>-<tag>.json`. */
export const PACKS_DIR = "packs";

/** A pack larger than this is damaged: never read whole (a miss for all its entries), never written. */
export const MAX_PACK_BYTES = 32 * 1024 * 1024;

/** An entry whose result is larger than this (a result is a few KiB) is neither stored nor served. */
export const MAX_ENTRY_BYTES = 4 * 1024 * 1024;

const FORMAT = "mcptest-result-cache-pack";
const HEX64 = /^[0-9a-f]{64}$/;

/** One entry of a pack, as read: shape-checked, not yet authenticated ({@link openEntry} does). */
export interface StoredEntry {
  /** The test result (the redacted run record's), as JSON. */
  readonly result: unknown;
  /** HMAC of the key and the result under the cache secret: a changed byte is a miss. */
  readonly mac: string;
  /** The pack generation that last served or stored it (retention only; not authenticated). */
  readonly seen: number;
}

/** The content of one pack file. */
export interface PackContent {
  /** The pack's tag (its file name holds it too): a pack copied under another name is a miss. */
  readonly tag: string;
  /** How many times the pack was written (retention: entries unused for long are dropped). */
  readonly generation: number;
  /** Entries by key, in the order they are written (most recently used first). */
  readonly entries: ReadonlyMap<string, StoredEntry>;
}

/** The file of the pack `slot-tag` under the store folder `dir`. */
export function packPath(dir: string, slot: string, tag: string): string {
  return join(dir, PACKS_DIR, `${slot}-${tag}.json`);
}

/** A count read from disk: a safe non-negative integer, else 0. */
const count = (value: unknown): number =>
  typeof value === "number" && Number.isSafeInteger(value) && value >= 0 && value < 2 ** 40
    ? value
    : 0;

/**
 * The pack at `path` with tag `tag`: its well-shaped entries (64-hex key, 64-hex MAC); empty when
 * there is none or it cannot be trusted as a whole (not a regular file, over
 * {@link MAX_PACK_BYTES}, not JSON, another format, version or tag). Never throws: a miss.
 */
export async function readPack(path: string, tag: string): Promise<PackContent> {
  const empty: PackContent = { tag, generation: 0, entries: new Map() };
  try {
    const info = await Deno.stat(path); // a FIFO or a folder would hang or fail the read
    if (!info.isFile || info.size > MAX_PACK_BYTES) return empty;
    const pack = JSON.parse(await Deno.readTextFile(path)) as Record<string, unknown> | null;
    if (
      pack === null || typeof pack !== "object" || Array.isArray(pack) ||
      pack.format !== FORMAT || pack.version !== CACHE_FORMAT || pack.pack !== tag ||
      pack.entries === null || typeof pack.entries !== "object" || Array.isArray(pack.entries)
    ) return empty;
    const entries = new Map<string, StoredEntry>();
    for (const [key, value] of Object.entries(pack.entries as Record<string, unknown>)) {
      if (!HEX64.test(key) || value === null || typeof value !== "object") continue;
      const { result, mac, seen } = value as Record<string, unknown>;
      if (typeof mac !== "string" || !HEX64.test(mac)) continue;
      entries.set(key, { result, mac, seen: count(seen) });
    }
    return { tag, generation: count(pack.generation), entries };
  } catch {
    return empty; // unreadable, not JSON: every entry is a miss
  }
}

/** The MAC of the entry under `key` whose result is `json`: its JSON text as stored and read back. */
const macOf = (secret: string, key: string, json: string): string =>
  hmacHex(secret, `${key}\n${json}`);

/**
 * The result stored under `key`, or undefined when there is none or it cannot be trusted: a MAC
 * that does not match (an entry written without this machine's secret, or changed since), a
 * result over {@link MAX_ENTRY_BYTES}, or one that is not a run record's test result. A miss is
 * never an error: the test just runs.
 */
export function openEntry(
  entries: ReadonlyMap<string, StoredEntry>,
  key: string,
  secret: string,
): TestResult | undefined {
  const entry = entries.get(key);
  if (entry === undefined) return undefined;
  try {
    // JSON.parse keeps the order the pack has: the text is the one sealed, or the entry was changed.
    const json = JSON.stringify(entry.result) ?? "";
    if (json.length > MAX_ENTRY_BYTES || entry.mac !== macOf(secret, key, json)) return undefined;
    return testResultProblem(entry.result) === undefined ? entry.result as TestResult : undefined;
  } catch {
    return undefined; // nested past the stack: a miss
  }
}

/** The entry that stores `result` under `key` (undefined: too large to store). */
export function sealEntry(
  key: string,
  result: TestResult,
  secret: string,
  seen: number,
): StoredEntry | undefined {
  // The MAC covers the text the entry is read back as: a JSON round trip of the result, whose
  // JSON text another round trip (the pack written, then parsed) leaves as it is.
  const plain = JSON.parse(JSON.stringify(result)) as unknown;
  const json = JSON.stringify(plain);
  if (json.length > MAX_ENTRY_BYTES) return undefined;
  return { result: plain, mac: macOf(secret, key, json), seen };
}

/**
 * Write `pack` to `path`: its entries in order, as many as fit in {@link MAX_PACK_BYTES}, to a
 * unique temporary file in the same folder, then renamed over the pack, so a concurrent reader
 * sees the old pack or the new one, never half of one.
 */
export async function writePack(path: string, pack: PackContent): Promise<void> {
  const head = JSON.stringify({
    format: FORMAT,
    version: CACHE_FORMAT,
    pack: pack.tag,
    generation: pack.generation,
  }).slice(0, -1) + ',"entries":{';
  const encoder = new TextEncoder();
  let bytes = encoder.encode(head).byteLength + 3;
  const parts: string[] = [];
  for (const [key, entry] of pack.entries) {
    const part = `${JSON.stringify(key)}:${JSON.stringify(entry)}`;
    const size = encoder.encode(part).byteLength + 1;
    if (bytes + size > MAX_PACK_BYTES) continue; // the rest still may fit; this one is a miss
    bytes += size;
    parts.push(part);
  }
  const folder = join(path, "..");
  await Deno.mkdir(folder, { recursive: true });
  const temp = join(folder, `.${crypto.randomUUID()}.tmp`);
  try {
    await Deno.writeTextFile(temp, `${head}${parts.join(",")}}}\n`);
    await Deno.rename(temp, path);
  } catch (error) {
    await Deno.remove(temp).catch(() => {});
    throw error;
  }
}
