/** @module Where a server's cassette lives (`<suite_dir>/cassettes/<name>.json`), reading, and the one writer of every cassette file (tool and agent): secrets hidden, written atomically. */

import {
  basename,
  dirname,
  extname,
  isAbsolute,
  join,
  relative,
  resolve,
} from "../../0_base/util/path.ts";
import { forget } from "./text_memo.ts";
import { createRedactor, redactJson } from "../../0_base/redaction/redactor.ts";
import { writeFileAtomic } from "../../0_base/util/write_output.ts";
import {
  asCassette,
  type Cassette,
  type CassetteFileHeader,
  readCassetteJson,
  readCassetteText,
} from "./format.ts";

/** The folder under a suite's directory that holds its cassettes. */
export const CASSETTE_DIR = "cassettes";

/** What locating a cassette needs from the suite (plain data). */
export interface CassetteOwner {
  /** ServerSpec.key: the name for global servers, `<file>#<name>` for test-file servers. */
  readonly key: string;
  /** The server's name as written in the suite. */
  readonly name: string;
}

function slug(text: string): string {
  return text.replace(/[^A-Za-z0-9._-]+/g, "_") || "_";
}

/**
 * The cassette file of a server. A test-file server (`<file>#<name>`) records next to its file as
 * `cassettes/<file stem>__<name>.json`; a global server as `cassettes/<name>.json` next to the first
 * test file that uses it (`testFiles`, in suite order; the working directory when none does).
 */
export function cassettePath(
  server: CassetteOwner,
  testFiles: readonly string[],
  cwd: string,
): string {
  const hash = server.key.lastIndexOf("#");
  if (hash > 0 && server.key.slice(hash + 1) === server.name) {
    const file = server.key.slice(0, hash);
    const stem = basename(file, extname(file));
    return resolve(cwd, dirname(file), CASSETTE_DIR, `${slug(stem)}__${slug(server.name)}.json`);
  }
  const first = testFiles[0];
  const dir = first === undefined ? cwd : resolve(cwd, dirname(first));
  return join(dir, CASSETTE_DIR, `${slug(server.name)}.json`);
}

/** `path` as shown to people (relative to `cwd` when inside it). */
export function shownPath(path: string, cwd: string): string {
  const rel = relative(cwd, path);
  return (rel === "" || rel.startsWith("..") || isAbsolute(rel) ? path : rel).replaceAll("\\", "/");
}

/** Whether a file exists at `path`. */
export async function exists(path: string): Promise<boolean> {
  try {
    return (await Deno.stat(path)).isFile;
  } catch {
    return false;
  }
}

/**
 * The text of the cassette file at `path`, undefined when there is none (no regular file there),
 * read through the cassette reader (size cap; the text is kept for a replay of the same file).
 * @throws {CassetteFormatError} over the size cap
 */
export async function readCassetteIfAny(path: string, cwd: string): Promise<string | undefined> {
  if (!await exists(path)) return undefined;
  return await readCassetteText(path, shownPath(path, cwd));
}

/**
 * Read and check a cassette file.
 * @throws {CassetteFormatError} a file that is not JSON or not a cassette of this version, naming it
 */
export async function readCassette(path: string, shown = path): Promise<Cassette> {
  return await readCassetteJson(path, shown, asCassette);
}

/** The exact text a cassette file is stored as (stable: same cassette, same bytes). */
export function cassetteText(cassette: CassetteFileHeader): string {
  return JSON.stringify(cassette, null, 2) + "\n";
}

/** Which object keys of a cassette are data (redacted like values): all but the file's own fields. */
export const CASSETTE_KEYS = (path: string): boolean => path !== "";

/** The top-level fields that say what a cassette file is: never redacted. */
const FORMAT_FIELDS: ReadonlySet<string> = new Set(["format", "transport"]);

/**
 * Hide every form of every secret in a cassette file's string values and in the keys of its
 * objects below the top level (result keys, argument names, HTTP header names: server data; a key
 * that is protocol vocabulary is kept), its format fields kept.
 */
export function redactCassette<T extends CassetteFileHeader>(
  cassette: T,
  secrets: readonly string[],
): T {
  const redactor = createRedactor(secrets.filter((s) => s.length > 0));
  if (!redactor.active) return cassette;
  return redactJson(
    cassette,
    redactor,
    (path) => FORMAT_FIELDS.has(path) ? "keep" : undefined,
    CASSETTE_KEYS,
  ) as T;
}

/**
 * Write a cassette file (a tool or an agent cassette) atomically (temp file + rename), with every
 * form of `secrets` hidden first: readers, and an interrupted recording, leave the previous file
 * whole. A cassette `buildCassette` made is already redacted.
 */
export async function writeCassette(
  path: string,
  cassette: CassetteFileHeader,
  secrets: readonly string[] = [],
): Promise<void> {
  await Deno.mkdir(dirname(path), { recursive: true });
  await writeFileAtomic(path, cassetteText(redactCassette(cassette, secrets)));
  forget(path); // the text kept from an earlier read is stale (text_memo.ts)
}
