/** @module Test helper: copy a folder tree (node:fs cp, recursive). */

import { cp } from "node:fs/promises";

/** Copy `from` to `to`, recursively. */
export async function copy(from: string, to: string): Promise<void> {
  await cp(from, to, { recursive: true });
}
