/** @module The on-disk store under `.mcptest/cache/`: one content-addressed file per key, atomic writes. */

import { join } from "node:path";
import type { TestResult } from "../../4_record/run_record.ts";
import { CACHE_FORMAT } from "./key.ts";

/** The store's folder, relative to the working directory. */
export const CACHE_DIR = ".mcptest/cache";

/** One stored entry. */
interface Entry {
  readonly format: "mcptest-result-cache";
  readonly version: number;
  readonly key: string;
  readonly result: TestResult;
}

/** The file of a key: `<dir>/<first two hex digits>/<key>.json`. */
export function entryPath(dir: string, key: string): string {
  return join(dir, key.slice(0, 2), `${key}.json`);
}

/**
 * The stored result of `key`, or undefined when there is none or it cannot be read (a damaged or
 * foreign file is a miss, never an error: the test just runs).
 */
export async function readEntry(dir: string, key: string): Promise<TestResult | undefined> {
  let text: string;
  try {
    text = await Deno.readTextFile(entryPath(dir, key));
  } catch {
    return undefined;
  }
  try {
    const entry = JSON.parse(text) as Partial<Entry>;
    if (
      entry.format !== "mcptest-result-cache" || entry.version !== CACHE_FORMAT ||
      entry.key !== key ||
      entry.result === null || typeof entry.result !== "object"
    ) return undefined;
    return entry.result;
  } catch {
    return undefined;
  }
}

/**
 * Store `result` under `key`: written to a unique temporary file in the same folder, then renamed
 * over the entry, so a concurrent reader sees the old entry, the new one or none, never half of
 * one; two runs storing the same key store the same content (the key addresses it).
 */
export async function writeEntry(dir: string, key: string, result: TestResult): Promise<void> {
  const path = entryPath(dir, key);
  const folder = join(dir, key.slice(0, 2));
  await Deno.mkdir(folder, { recursive: true });
  const temp = join(folder, `.${key}.${crypto.randomUUID()}.tmp`);
  const entry: Entry = { format: "mcptest-result-cache", version: CACHE_FORMAT, key, result };
  try {
    await Deno.writeTextFile(temp, JSON.stringify(entry) + "\n");
    await Deno.rename(temp, path);
  } catch (error) {
    await Deno.remove(temp).catch(() => {});
    throw error;
  }
}
