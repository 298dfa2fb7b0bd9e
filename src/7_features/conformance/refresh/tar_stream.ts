/** @module A strict streaming tar reader: one name per entry (pax > GNU long name > ustar prefix/name), used for both the safety checks and the extraction. */

import { RefreshError } from "./errors.ts";
import { concatBytes } from "../../../0_base/util/concat_bytes.ts";

/** One regular-file or link entry, with its data when the caller asked to keep it. */
export interface TarEntry {
  /** The entry's one name (pax `path`, else GNU long name, else ustar prefix + name). */
  readonly name: string;
  /** `file`, `link` (symbolic or hard), `directory` or `other`. */
  readonly kind: "file" | "link" | "directory" | "other";
  readonly size: number;
}

/** Decides, from its header, whether a file entry's data is read (true) or skipped. */
export type KeepData = (entry: TarEntry) => boolean;

/** Caps on metadata entries: they are read into memory whatever the caller keeps. */
const MAX_META_BYTES = 1024 * 1024;

const decoder = new TextDecoder("utf-8", { fatal: true });

/**
 * Read a tar stream entry by entry, holding at most one chunk plus the data of kept entries.
 * Refuses (RefreshError) anything whose name another reader could see differently: several
 * `path` records in one pax header that disagree, a pax `path` with a GNU long name, a ustar
 * prefix beside a pax or GNU name (it would be ignored), a prefix field in a non-ustar header,
 * a global pax header that sets a path, and malformed pax records or header checksums.
 */
export async function* readTar(
  chunks: AsyncIterable<Uint8Array>,
  keep: KeepData,
): AsyncGenerator<TarEntry & { readonly data?: Uint8Array }> {
  const input = new ByteReader(chunks[Symbol.asyncIterator]());
  let pending: PendingNames = {};
  while (true) {
    const header = await input.read(512);
    if (header === undefined) throw new RefreshError("the tarball ends in the middle of an entry");
    if (header.every((b) => b === 0)) return;
    checkChecksum(header);
    const type = String.fromCharCode(header[156] || 48);
    const size = pending.paxSize ?? octal(header.subarray(124, 136), "size");
    const padded = Math.ceil(size / 512) * 512;
    if (META_TYPES.has(type)) {
      pending = readMeta(type, await readMetaBody(input, size, padded), pending);
      continue;
    }
    const entry: TarEntry = { name: entryName(header, pending), kind: kindOf(type), size };
    pending = {};
    if (entry.kind === "file" && keep(entry)) {
      const data = await input.read(padded);
      if (data === undefined) throw new RefreshError("the tarball ends inside a file");
      yield { ...entry, data: data.slice(0, size) };
    } else {
      if (!(await input.skip(padded))) throw new RefreshError("the tarball ends inside a file");
      yield entry;
    }
  }
}

/** Header types that describe the next entry rather than being one (pax, global pax, GNU). */
const META_TYPES: ReadonlySet<string> = new Set(["x", "g", "L", "K"]);

/** What metadata entries said about the next entry's name and size. */
interface PendingNames {
  readonly paxPath?: string;
  readonly paxSize?: number;
  readonly longName?: string;
}

/** The body of a metadata entry (capped: it is held in memory whatever the caller keeps). */
async function readMetaBody(input: ByteReader, size: number, padded: number): Promise<Uint8Array> {
  if (size > MAX_META_BYTES) {
    throw new RefreshError(`refusing a ${size}-byte tar metadata entry (cap ${MAX_META_BYTES})`);
  }
  const data = await input.read(padded);
  if (data === undefined) throw new RefreshError("the tarball ends inside a metadata entry");
  return data.subarray(0, size);
}

/** Fold one metadata entry into what is pending for the next entry. */
function readMeta(type: string, body: Uint8Array, pending: PendingNames): PendingNames {
  if (type === "x") {
    const records = paxRecords(body);
    if (pending.paxPath !== undefined && records.path !== undefined) {
      throw new RefreshError("refusing a tar entry with two pax extended headers");
    }
    const paxPath = records.path ?? pending.paxPath;
    const paxSize = records.size ?? pending.paxSize;
    return {
      ...pending,
      ...(paxPath !== undefined ? { paxPath } : {}),
      ...(paxSize !== undefined ? { paxSize } : {}),
    };
  }
  if (type === "g") {
    const records = paxRecords(body);
    if (records.path !== undefined || records.size !== undefined) {
      throw new RefreshError("refusing a global pax header that sets a path or a size");
    }
  } else if (type === "L") {
    if (pending.longName !== undefined) {
      throw new RefreshError("refusing two GNU long names for one entry");
    }
    return { ...pending, longName: cString(body) };
  }
  return pending;
}

/** The entry's one name: pax path, else GNU long name, else ustar prefix + name. */
function entryName(header: Uint8Array, pending: PendingNames): string {
  const ustarMagic = ascii(header.subarray(257, 263));
  const posix = ustarMagic === "ustar\0";
  const prefixField = cString(header.subarray(345, 500));
  if (!posix && header.subarray(345, 500).some((b) => b !== 0) && ustarMagic !== "ustar ") {
    throw new RefreshError("refusing a non-ustar tar header with data in the prefix field");
  }
  const prefix = posix ? prefixField : "";
  const headerName = cString(header.subarray(0, 100));
  const { paxPath, longName } = pending;
  if (paxPath !== undefined && longName !== undefined && paxPath !== longName) {
    throw new RefreshError(
      `refusing a tar entry whose pax path ${JSON.stringify(paxPath)} and GNU long name ${
        JSON.stringify(longName)
      } disagree`,
    );
  }
  const override = paxPath ?? longName;
  if (override !== undefined && prefix !== "") {
    throw new RefreshError(
      `refusing a tar entry with both a ${
        paxPath !== undefined ? "pax path" : "GNU long name"
      } and a ustar prefix: ${JSON.stringify(override)}`,
    );
  }
  return override ?? (prefix !== "" ? `${prefix}/${headerName}` : headerName);
}

function kindOf(type: string): TarEntry["kind"] {
  if (type === "0" || type === "7" || type === "\0") return "file";
  if (type === "1" || type === "2") return "link";
  return type === "5" ? "directory" : "other";
}

/** The `path` and `size` of a pax extended header; several `path` records must agree. */
function paxRecords(bytes: Uint8Array): { path?: string; size?: number } {
  const paths = new Set<string>();
  let size: number | undefined;
  let at = 0;
  while (at < bytes.length) {
    if (bytes[at] === 0) break; // zero padding
    const space = bytes.indexOf(0x20, at);
    const length = space < 0 ? NaN : Number(ascii(bytes.subarray(at, space)));
    if (!Number.isInteger(length) || length <= 0 || at + length > bytes.length) {
      throw new RefreshError("refusing a malformed pax header record");
    }
    let record: string;
    try {
      record = decoder.decode(bytes.subarray(space + 1, at + length));
    } catch {
      throw new RefreshError("refusing a pax header record that is not UTF-8");
    }
    const eq = record.indexOf("=");
    if (!record.endsWith("\n") || eq <= 0) {
      throw new RefreshError("refusing a malformed pax header record");
    }
    const key = record.slice(0, eq);
    const value = record.slice(eq + 1, -1);
    if (key === "path") paths.add(value);
    if (key === "size") {
      if (!/^\d+$/.test(value)) throw new RefreshError("refusing a pax size that is not a number");
      size = Number(value);
    }
    at += length;
  }
  if (paths.size > 1) {
    throw new RefreshError(
      `refusing a tar entry whose pax path records disagree: ${
        [...paths].map((p) => JSON.stringify(p)).join(", ")
      }`,
    );
  }
  const [path] = paths;
  return { ...(path !== undefined ? { path } : {}), ...(size !== undefined ? { size } : {}) };
}

function checkChecksum(header: Uint8Array): void {
  const stored = octal(header.subarray(148, 156), "checksum");
  let sum = 0;
  for (let i = 0; i < 512; i++) sum += i >= 148 && i < 156 ? 32 : header[i]!;
  if (sum !== stored) throw new RefreshError("refusing a tar header with a bad checksum");
}

function octal(field: Uint8Array, what: string): number {
  const text = ascii(field).replace(/\0.*$/s, "").trim();
  if (text === "") return 0;
  if (!/^[0-7]+$/.test(text)) throw new RefreshError(`refusing a tar header with a bad ${what}`);
  return parseInt(text, 8);
}

function ascii(bytes: Uint8Array): string {
  return String.fromCharCode(...bytes);
}

function cString(bytes: Uint8Array): string {
  const end = bytes.indexOf(0);
  try {
    return decoder.decode(end < 0 ? bytes : bytes.subarray(0, end));
  } catch {
    throw new RefreshError("refusing a tar entry name that is not UTF-8");
  }
}

/** Exact-length reads over a chunk iterator, buffering no more than needed. */
class ByteReader {
  #chunks: AsyncIterator<Uint8Array>;
  #buffer: Uint8Array = new Uint8Array(0);
  constructor(chunks: AsyncIterator<Uint8Array>) {
    this.#chunks = chunks;
  }

  /** `n` bytes, or undefined when the stream ends first. */
  async read(n: number): Promise<Uint8Array | undefined> {
    const parts: Uint8Array[] = [];
    let have = 0;
    while (have < n) {
      const piece = await this.#take(n - have);
      if (piece === undefined) return undefined;
      parts.push(piece);
      have += piece.length;
    }
    return concatBytes(parts);
  }

  /** Drop `n` bytes; false when the stream ends first. */
  async skip(n: number): Promise<boolean> {
    let left = n;
    while (left > 0) {
      const piece = await this.#take(left);
      if (piece === undefined) return false;
      left -= piece.length;
    }
    return true;
  }

  async #take(max: number): Promise<Uint8Array | undefined> {
    while (this.#buffer.length === 0) {
      const next = await this.#chunks.next();
      if (next.done) return undefined;
      this.#buffer = next.value;
    }
    const piece = this.#buffer.subarray(0, max);
    this.#buffer = this.#buffer.subarray(piece.length);
    return piece;
  }
}
