/** @module Resolves, once each, the judge models of the `llm-judge` / `llm-jury` matchers of tools:, resources: and prompts: tests (agents and evals: judge_models.ts). */

import { judgeKey, judgeModels, judgeSpecsOf, usesJudge } from "../../1_matchers/judge_spec.ts";
import type { ModelRef } from "./agent_types.ts";
import type { ModelLookupAt } from "./model_lookup.ts";
import type { TestCase } from "./types.ts";

/** Whether any test grades with a model (then LOAD resolves the judge models and providers). */
export function testsUseJudges(tests: readonly TestCase[]): boolean {
  return tests.some((test) => usesJudge(test.assertions));
}

/**
 * Add to `judges` (keyed by the model as written) every judge model the tests' assertions name
 * and that is not resolved yet; one that cannot be resolved is an error of `lookup`, positioned
 * at its matcher.
 */
export function collectTestJudges(
  tests: readonly TestCase[],
  lookup: ModelLookupAt,
  judges: Record<string, ModelRef>,
): void {
  for (const test of tests) {
    for (const assertion of test.assertions) {
      for (const spec of judgeSpecsOf(assertion.matcher)) {
        for (const written of judgeModels(spec)) {
          const key = judgeKey(written);
          if (judges[key]) continue;
          const model = lookup(written, assertion.matcher.pos);
          if (model) judges[key] = model;
        }
      }
    }
  }
}
