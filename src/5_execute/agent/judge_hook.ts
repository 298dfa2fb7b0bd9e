/** @module The judges of `llm-judge` / `llm-jury` matchers for the runner, built (and the AI SDK loaded) only when a test to run uses one. */

import { importLater } from "../../0_base/util/import_later.ts";
import { usesJudge } from "../../1_matchers/judge_spec.ts";
import type { Judge } from "../../1_matchers/types.ts";
import type { Suite, TestCase } from "../../3_load/config/types.ts";
import type { MatcherJudgeOptions } from "./matcher_judges.ts";

/**
 * The judge of each test (see `matcherJudges`), or undefined when none of `tests` uses a judge
 * matcher.
 */
export async function matcherJudgesFor(
  suite: Suite,
  tests: readonly TestCase[],
  options: MatcherJudgeOptions = {},
): Promise<((test: TestCase) => Judge) | undefined> {
  if (!tests.some((test) => usesJudge(test.assertions))) return undefined;
  const { matcherJudges } = await importLater<typeof import("./matcher_judges.ts")>(
    import.meta.url,
    "./matcher_judges.ts",
  );
  return matcherJudges(suite, options);
}
