/** @module Read every relative import (static, type-only, re-export and dynamic) of the TypeScript files under a root, with its line. */

import { dirname, join, relative, resolve } from "node:path";
import type { ImportEdge } from "./check_layers.ts";

/**
 * `import ... from "x"` and `export ... from "x"`: the clause between the keyword and `from` holds
 * only names, braces, commas, `*`, `as` and `type` (over several lines when it is long).
 */
const STATIC = /^[ \t]*(import|export)\b(\s+type\b)?[\w\s{},*$]*?\bfrom\s*["']([^"']+)["']/gm;
/** `import "x"` (for its side effects). */
const BARE = /^[ \t]*import\s*["']([^"']+)["']/gm;
/** `import("x")` and `await import("x")`. */
const DYNAMIC = /\bimport\(\s*["']([^"']+)["']\s*\)/g;

/** The 1-based line of `offset` in `text`. */
function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let i = text.indexOf("\n"); i !== -1 && i < offset; i = text.indexOf("\n", i + 1)) line++;
  return line;
}

/** Every `.ts` file under `dir` (generated folders included: they are imported like the rest). */
export function tsFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of Deno.readDirSync(dir)) {
    const path = join(dir, entry.name);
    if (entry.isDirectory) out.push(...tsFiles(path));
    else if (entry.name.endsWith(".ts")) out.push(path);
  }
  return out.sort();
}

/** The edges of one file's source text (only relative specifiers that stay under `root`). */
export function importsOf(root: string, file: string, text: string): ImportEdge[] {
  const edges: ImportEdge[] = [];
  const from = relative(root, file);
  const add = (spec: string, offset: number, typeOnly: boolean) => {
    if (!spec.startsWith(".")) return;
    const target = resolve(dirname(file), spec);
    const to = relative(root, target);
    if (to.startsWith("..")) return;
    edges.push({ from, line: lineAt(text, offset), to, typeOnly });
  };
  for (const match of text.matchAll(STATIC)) {
    add(match[3]!, match.index, match[2] !== undefined);
  }
  for (const match of text.matchAll(BARE)) add(match[1]!, match.index, false);
  for (const match of text.matchAll(DYNAMIC)) add(match[1]!, match.index, false);
  return edges;
}

/** Every import edge of every `.ts` file under `root`. */
export function scanImports(root: string): ImportEdge[] {
  return tsFiles(root).flatMap((file) => importsOf(root, file, Deno.readTextFileSync(file)));
}
