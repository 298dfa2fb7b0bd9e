/** @module The on-disk pack file of the result cache: read whole and checked, sealed as a whole (else entries authenticated one by one), written atomically (docs/cache.md). */

import { join } from "../../0_base/util/path.ts";
import type { TestResult } from "../../4_record/run_record.ts";
import { testResultProblem } from "../../4_record/validate.ts";
import { CACHE_FORMAT } from "./key.ts";
import { hmacHex } from "./secret.ts";
import { webHmacHex } from "../../0_base/util/web_digest.ts";

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

/** A sequence of tests a write of the pack keyed: every selected test of its server in one run. */
export interface KeyedSequence {
  /** The sequence key (`sequenceKey`): an HMAC of the server-wide inputs and every test's text. */
  readonly sequence: string;
  /** The key of each of those tests, in suite order; null for a test that was not keyed. */
  readonly keys: readonly (string | null)[];
}

/** The content of one pack file. */
export interface PackContent {
  /** The pack's tag (its file name holds it too): a pack copied under another name is a miss. */
  readonly tag: string;
  /** How many times the pack was written (retention: entries unused for long are dropped). */
  readonly generation: number;
  /** Entries by key, in the order they are written (most recently used first). */
  readonly entries: ReadonlyMap<string, StoredEntry>;
  /** The sequences recent writes keyed, newest first (read from a sealed pack only). */
  readonly sequences: readonly KeyedSequence[];
  /**
   * Whether the pack's seal verified: this machine's mcptest wrote every byte of it, so its
   * entries and sequences are trusted whole. An unsealed pack's entries are authenticated one by
   * one ({@link openEntry}), and its sequences are not read.
   */
  readonly sealed: boolean;
}

/** The file of the pack `slot-tag` under the store folder `dir`. */
export function packPath(dir: string, slot: string, tag: string): string {
  return join(dir, PACKS_DIR, `${slot}-${tag}.json`);
}

/**
 * The text a pack starts with, up to its seal: `{"format":...,"version":...,"pack":<tag>,"seal":"`.
 * The seal (64 hex) and `",` follow, then the sealed rest: generation, entries and sequences.
 */
function sealPrefix(tag: string): string {
  return `{"format":${JSON.stringify(FORMAT)},"version":${CACHE_FORMAT},"pack":${
    JSON.stringify(tag)
  },"seal":"`;
}

/** The seal of a pack: HMAC, under the cache secret, of its text without the seal (prefix and rest). */
function sealOf(secret: string, prefix: Uint8Array, rest: Uint8Array): Promise<string> {
  const text = new Uint8Array(prefix.length + rest.length);
  text.set(prefix);
  text.set(rest, prefix.length);
  return webHmacHex(secret, text);
}

const encoder = new TextEncoder();

/** Whether the pack file's `bytes` carry a seal that verifies under `secret` for `tag`. */
async function sealVerifies(bytes: Uint8Array, tag: string, secret: string): Promise<boolean> {
  const prefix = encoder.encode(sealPrefix(tag));
  const at = prefix.length;
  if (bytes.length < at + 66 || bytes[at + 64] !== 0x22 || bytes[at + 65] !== 0x2c) return false;
  for (let i = 0; i < at; i++) if (bytes[i] !== prefix[i]) return false;
  const seal = new TextDecoder().decode(bytes.subarray(at, at + 64));
  if (!HEX64.test(seal)) return false;
  const end = bytes[bytes.length - 1] === 0x0a ? bytes.length - 1 : bytes.length;
  return seal === await sealOf(secret, prefix, bytes.subarray(at + 66, end));
}

/** The well-shaped sequences of a sealed pack (a sealed pack holds only what mcptest wrote). */
function sequencesOf(value: unknown): KeyedSequence[] {
  if (!Array.isArray(value)) return [];
  return value.filter((s): s is KeyedSequence =>
    s !== null && typeof s === "object" && typeof s.sequence === "string" &&
    Array.isArray(s.keys)
  );
}

/** A count read from disk: a safe non-negative integer, else 0. */
const count = (value: unknown): number =>
  typeof value === "number" && Number.isSafeInteger(value) && value >= 0 && value < 2 ** 40
    ? value
    : 0;

/**
 * The pack at `path` with tag `tag`: its well-shaped entries (64-hex key, 64-hex MAC), and whether
 * its seal verifies under `secret` (then its sequences too); empty when there is none or it cannot
 * be read as a pack (not a regular file, over {@link MAX_PACK_BYTES}, not JSON, another format,
 * version or tag). Never throws: a miss.
 */
export async function readPack(path: string, tag: string, secret: string): Promise<PackContent> {
  const empty: PackContent = {
    tag,
    generation: 0,
    entries: new Map(),
    sequences: [],
    sealed: false,
  };
  try {
    const info = await Deno.stat(path); // a FIFO or a folder would hang or fail the read
    if (!info.isFile || info.size > MAX_PACK_BYTES) return empty;
    const bytes = await Deno.readFile(path);
    const pack = JSON.parse(new TextDecoder().decode(bytes)) as Record<string, unknown> | null;
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
    const sealed = await sealVerifies(bytes, tag, secret);
    const sequences = sealed ? sequencesOf(pack.sequences) : [];
    return { tag, generation: count(pack.generation), entries, sequences, sealed };
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
 * never an error: the test just runs. In a `sealed` pack every entry is what mcptest stored (a
 * result it checked and sealed): it is served as it is.
 * @throws {ModuleNotLoaded} unsealed, before `loadSha256` resolved
 */
export function openEntry(
  entries: ReadonlyMap<string, StoredEntry>,
  key: string,
  secret: string,
  sealed = false,
): TestResult | undefined {
  const entry = entries.get(key);
  if (entry === undefined) return undefined;
  if (sealed) return entry.result as TestResult;
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
 * Write `pack` to `path`, sealed under `secret`: its entries in order, then its sequences, as many
 * as fit in {@link MAX_PACK_BYTES}, to a unique temporary file in the same folder, then renamed
 * over the pack, so a concurrent reader sees the old pack or the new one, never half of one. Write
 * only entries this machine authenticated: the seal vouches for every one.
 */
export async function writePack(path: string, pack: PackContent, secret: string): Promise<void> {
  const prefix = encoder.encode(sealPrefix(pack.tag));
  const head = `"generation":${count(pack.generation)},"entries":{`;
  let bytes = prefix.byteLength + 66 + encoder.encode(head).byteLength +
    '},"sequences":[]}\n'.length;
  const fits = (part: string): boolean => {
    const size = encoder.encode(part).byteLength + 1;
    if (bytes + size > MAX_PACK_BYTES) return false; // the rest still may fit; this one is a miss
    bytes += size;
    return true;
  };
  const entries: string[] = [];
  for (const [key, entry] of pack.entries) {
    const part = `${JSON.stringify(key)}:${JSON.stringify(entry)}`;
    if (fits(part)) entries.push(part);
  }
  const sequences = pack.sequences.map((s) => JSON.stringify(s)).filter(fits);
  const rest = encoder.encode(`${head}${entries.join(",")}},"sequences":[${sequences.join(",")}]}`);
  const seal = await sealOf(secret, prefix, rest);
  const folder = join(path, "..");
  await Deno.mkdir(folder, { recursive: true });
  const temp = join(folder, `.${crypto.randomUUID()}.tmp`);
  const text = new Uint8Array(prefix.byteLength + 66 + rest.byteLength + 1);
  text.set(prefix);
  text.set(encoder.encode(`${seal}",`), prefix.byteLength);
  text.set(rest, prefix.byteLength + 66);
  text[text.length - 1] = 0x0a;
  try {
    await Deno.writeFile(temp, text);
    await Deno.rename(temp, path);
  } catch (error) {
    await Deno.remove(temp).catch(() => {});
    throw error;
  }
}
