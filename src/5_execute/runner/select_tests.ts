/** @module Applies the selection flags (--filter, --tag, --exclude-tag, only:, --shard, --last-failed) to a suite's tests. */

import type { TestCase } from "../../3_load/config/types.ts";
import { hashTestId, type LastFailedState, readLastFailed } from "./last_failed.ts";
import { nameFilter } from "./select.ts";
import { onlySelection, tagSelection } from "./select_tags.ts";
import { inShard, parseShard } from "./shard.ts";

/**
 * `--last-failed`: `true` keeps the remembered failures among the selected tests, and selects
 * nothing when none is among them (a run then exits 7, seed 004 section 12, unless
 * `--pass-with-no-tests`); `"or-all"` (`--last-failed-or-all`) runs every selected test instead.
 */
export type LastFailedMode = boolean | "or-all";

/** The selection flags. */
export interface Selection {
  readonly filter?: string;
  readonly shard?: string;
  readonly lastFailed?: LastFailedMode;
  /** `--tag NAME` (repeatable): only tests carrying one of these tags. */
  readonly tags?: readonly string[];
  /** `--exclude-tag NAME` (repeatable): leave out tests carrying one of these tags. */
  readonly excludeTags?: readonly string[];
  /** Under CI (`CI=true`) a selected `only:` test is a usage error (exit 2). */
  readonly ci?: boolean;
  /** Working directory (where the `--last-failed` state is kept). */
  readonly cwd: string;
  /**
   * The `--last-failed` state already read (`null`: none); read from `cwd` when absent. Pass it
   * when the caller also updates the state after the run, so both see the same one.
   */
  readonly lastFailedState?: LastFailedState | null;
  /** Where the `--last-failed` notice goes (default: a line on stderr). */
  readonly notice?: (line: string) => void;
}

/**
 * The tests the flags select, in suite order. `--filter`, `--tag`/`--exclude-tag`, `only:` and
 * `--shard` apply first, in that order; then
 * `--last-failed` keeps the remembered failures among them. When nothing is remembered, or none of
 * the remembered failures is among them, nothing is selected (`"or-all"`: every test they
 * selected runs), and a notice says so.
 */
export async function selectTests(
  tests: readonly TestCase[],
  selection: Selection,
): Promise<TestCase[]> {
  let selected = [...tests];
  if (selection.filter !== undefined) selected = selected.filter(nameFilter(selection.filter));
  selected = tagSelection(selected, selection.tags ?? [], selection.excludeTags ?? []);
  selected = onlySelection(selected, selection.ci ?? false);
  if (selection.shard !== undefined) {
    const shard = parseShard(selection.shard);
    selected = selected.filter((t) => inShard(t, shard));
  }
  if (selection.lastFailed) {
    const state = selection.lastFailedState === undefined
      ? await readLastFailed(selection.cwd)
      : selection.lastFailedState ?? undefined;
    const notice = selection.notice ?? ((line: string) => console.error(line));
    const chosen = await lastFailedSelection(selected, state, selection.lastFailed === "or-all");
    if (chosen.notice !== undefined) notice(chosen.notice);
    selected = chosen.tests;
  }
  return selected;
}

/**
 * `--last-failed` over already selected tests (pure): the remembered failures among them; when
 * there is none, no test (or, with `orAll`, all of them), with a notice saying why.
 */
export async function lastFailedSelection(
  tests: readonly TestCase[],
  state: LastFailedState | undefined,
  orAll = false,
): Promise<{ tests: TestCase[]; notice?: string }> {
  const none = (why: string) =>
    orAll
      ? {
        tests: [...tests],
        notice: `--last-failed-or-all: ${why}; running all ${tests.length} selected test${
          tests.length === 1 ? "" : "s"
        }`,
      }
      : {
        tests: [],
        notice:
          `--last-failed: ${why}; no test selected (--last-failed-or-all runs every selected test instead)`,
      };
  if (state === undefined) return none("no previous run recorded");
  if (state.failed.length === 0) return none("no failures recorded");
  const failed = new Set(state.failed);
  const hashes = await Promise.all(tests.map((t) => hashTestId(t.id)));
  const chosen = tests.filter((_, i) => failed.has(hashes[i]!));
  if (chosen.length === 0) return none("none of the recorded failures is among these tests");
  return { tests: chosen };
}
