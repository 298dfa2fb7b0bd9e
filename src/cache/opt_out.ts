/** @module Finds the tests whose author wrote `cache: false`, by their position in the test file. */

import { join } from "node:path";
import { isMap, isSeq, LineCounter, parseDocument } from "yaml";

/** The test blocks whose items may carry `cache:`. */
const BLOCKS = ["tools", "resources", "prompts", "lists"];

/**
 * `file:line` of every test item that says `cache: false` in `files` (paths relative to `cwd`).
 * The loader has already validated the files; one that cannot be read here opts nothing out.
 */
export async function optedOutTests(files: readonly string[], cwd: string): Promise<Set<string>> {
  const out = new Set<string>();
  for (const file of new Set(files)) {
    let text: string;
    try {
      text = await Deno.readTextFile(join(cwd, file));
    } catch {
      continue;
    }
    for (const line of optedOutLines(text)) out.add(`${file}:${line}`);
  }
  return out;
}

/** The 1-based lines where each `cache: false` test item of a YAML text starts. */
export function optedOutLines(text: string): number[] {
  const counter = new LineCounter();
  const doc = parseDocument(text, { lineCounter: counter });
  const root = doc.contents;
  if (!isMap(root)) return [];
  const lines: number[] = [];
  for (const block of BLOCKS) {
    const items = root.get(block);
    if (!isSeq(items)) continue;
    for (const item of items.items) {
      if (!isMap(item) || (item.get("cache") as unknown) !== false || !item.range) continue;
      lines.push(counter.linePos(item.range[0]).line);
    }
  }
  return lines;
}
