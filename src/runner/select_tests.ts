/** @module Applies the selection flags (--filter, --shard, --last-failed) to a suite's tests. */

import type { TestCase } from "../config/types.ts";
import { lastFailedIds } from "./last_failed.ts";
import { nameFilter } from "./select.ts";
import { inShard, parseShard } from "./shard.ts";

/** The selection flags. */
export interface Selection {
  readonly filter?: string;
  readonly shard?: string;
  readonly lastFailed?: boolean;
  /** Working directory (where the previous run record is kept). */
  readonly cwd: string;
}

/** The tests the flags select, in suite order. */
export async function selectTests(
  tests: readonly TestCase[],
  selection: Selection,
): Promise<TestCase[]> {
  let selected = [...tests];
  if (selection.filter !== undefined) selected = selected.filter(nameFilter(selection.filter));
  if (selection.shard !== undefined) {
    const shard = parseShard(selection.shard);
    selected = selected.filter((t) => inShard(t, shard));
  }
  if (selection.lastFailed) {
    const failed = await lastFailedIds(selection.cwd);
    selected = selected.filter((t) => failed.has(t.id));
  }
  return selected;
}
