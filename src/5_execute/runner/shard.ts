/** @module `--shard k/n`: a stable split of a suite, so a CI matrix runs each test exactly once. */

import type { TestCase } from "../../3_load/config/types.ts";
import { UsageError } from "../../0_base/errors/errors.ts";

/** A parsed `k/n`: shard `index` (1-based) of `count`. */
export interface Shard {
  readonly index: number;
  readonly count: number;
}

/** Parse `k/n` with 1 <= k <= n. @throws {UsageError} on anything else */
export function parseShard(text: string): Shard {
  const match = /^(\d+)\/(\d+)$/.exec(text.trim());
  const index = Number(match?.[1]), count = Number(match?.[2]);
  if (!match || count < 1 || index < 1 || index > count) {
    throw new UsageError(`invalid --shard "${text}"; expected k/n with 1 <= k <= n, e.g. 2/4`);
  }
  return { index, count };
}

/**
 * Whether `test` belongs to `shard`. The assignment hashes the test id (file, kind, name), so it
 * does not depend on the order of files or tests, nor on which other tests exist.
 */
export function inShard(test: TestCase, shard: Shard): boolean {
  return fnv1a(test.id) % shard.count === shard.index - 1;
}

/** 32-bit FNV-1a of the UTF-16 code units of `text`. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}
