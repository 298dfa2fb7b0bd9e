/** @module The on-disk store under `.mcptest/cache/`: one file per key, authenticated and checked on read, atomic writes. */

import { join } from "node:path";
import { canonicalJson } from "../../0_base/util/canonical_json.ts";
import type { TestResult } from "../../4_record/run_record.ts";
import { testResultProblem } from "../../4_record/validate.ts";
import { CACHE_FORMAT } from "./key.ts";
import { hmacHex } from "./secret.ts";

/** The store's folder, relative to the working directory. */
export const CACHE_DIR = ".mcptest/cache";

/** An entry larger than this is damaged (a result is a few KiB): a miss, never read whole. */
export const MAX_ENTRY_BYTES = 4 * 1024 * 1024;

/** One stored entry. */
interface Entry {
  readonly format: "mcptest-result-cache";
  readonly version: number;
  readonly key: string;
  readonly result: TestResult;
  /** HMAC of the key and the result under the cache secret: a changed byte is a miss. */
  readonly mac: string;
}

/** The file of a key: `<dir>/<first two hex digits>/<key>.json`. */
export function entryPath(dir: string, key: string): string {
  return join(dir, key.slice(0, 2), `${key}.json`);
}

const macOf = (secret: string, key: string, result: unknown): string =>
  hmacHex(secret, `${key}\n${canonicalJson(result)}`);

/**
 * The stored result of `key`, or undefined when there is none or it cannot be trusted: unreadable,
 * too large, not JSON, another format, a MAC that does not match (a file written without this
 * machine's secret, or changed since), or a result that is not a run record's test result. A miss
 * is never an error: the test just runs.
 */
export async function readEntry(
  dir: string,
  key: string,
  secret: string,
): Promise<TestResult | undefined> {
  try {
    const path = entryPath(dir, key);
    const info = await Deno.stat(path); // a FIFO or a folder would hang or fail the read
    if (!info.isFile || info.size > MAX_ENTRY_BYTES) return undefined;
    const text = await Deno.readTextFile(path);
    const entry = JSON.parse(text) as Partial<Entry> | null;
    if (
      entry === null || typeof entry !== "object" ||
      entry.format !== "mcptest-result-cache" || entry.version !== CACHE_FORMAT ||
      entry.key !== key || typeof entry.mac !== "string" ||
      entry.mac !== macOf(secret, key, entry.result) ||
      testResultProblem(entry.result) !== undefined
    ) return undefined;
    return entry.result;
  } catch {
    return undefined; // unreadable, not JSON, nested past the stack: a miss
  }
}

/**
 * Store `result` under `key`: written to a unique temporary file in the same folder, then renamed
 * over the entry, so a concurrent reader sees the old entry, the new one or none, never half of
 * one; two runs storing the same key store the same content (the key addresses it).
 */
export async function writeEntry(
  dir: string,
  key: string,
  result: TestResult,
  secret: string,
): Promise<void> {
  const path = entryPath(dir, key);
  const folder = join(dir, key.slice(0, 2));
  await Deno.mkdir(folder, { recursive: true });
  const temp = join(folder, `.${key}.${crypto.randomUUID()}.tmp`);
  const plain = JSON.parse(JSON.stringify(result)) as TestResult; // the MAC covers what is read back
  const entry: Entry = {
    format: "mcptest-result-cache",
    version: CACHE_FORMAT,
    key,
    result: plain,
    mac: macOf(secret, key, plain),
  };
  try {
    await Deno.writeTextFile(temp, JSON.stringify(entry) + "\n");
    await Deno.rename(temp, path);
  } catch (error) {
    await Deno.remove(temp).catch(() => {});
    throw error;
  }
}
