/** @module Test selection by `tags:` (`--tag`, `--exclude-tag`) and by `only:` (refused under CI). */

import type { TestCase } from "../../3_load/config/types.ts";
import { UsageError } from "../../0_base/errors/errors.ts";

/**
 * The tests `--tag` and `--exclude-tag` keep, in order: with `include` non-empty, a test must carry
 * at least one of those tags; a test carrying any `exclude` tag is left out (exclude wins).
 */
export function tagSelection(
  tests: readonly TestCase[],
  include: readonly string[],
  exclude: readonly string[],
): TestCase[] {
  const wanted = new Set(include);
  const unwanted = new Set(exclude);
  return tests.filter((test) => {
    const tags = test.tags ?? [];
    if (tags.some((t) => unwanted.has(t))) return false;
    return wanted.size === 0 || tags.some((t) => wanted.has(t));
  });
}

/**
 * `only:`: when any of the tests has `only: true`, just those; otherwise all of them.
 * @param ci under CI (`CI=true`) a suite with `only:` is refused, as vitest does: a forgotten
 *   `only:` must not silently shrink a CI run
 * @throws {UsageError} `only:` under CI (exit 2), naming each test that has it
 */
export function onlySelection(tests: readonly TestCase[], ci: boolean): TestCase[] {
  const only = tests.filter((t) => t.only === true);
  if (only.length === 0) return [...tests];
  if (ci) {
    const where = only.map((t) => `${t.file}:${t.pos.line}:${t.pos.col} "${t.name}"`).join(", ");
    throw new UsageError(
      `only: is not allowed under CI=true (it would silently run a part of the suite); remove it from ${where}`,
    );
  }
  return only;
}
