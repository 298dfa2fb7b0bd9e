/** @module Resolves, once each, the models the `llm-judge:` and `llm-jury:` assertions of agent and eval tests name. */

import type { ModelLookup } from "./agent_block_context.ts";
import type { ModelRef } from "./agent_types.ts";
import { judgeKey } from "./judge_spec.ts";
import type { DocumentPath, DocumentView } from "./types.ts";

/** The matchers whose models are judges. */
export const JUDGE_MATCHERS: ReadonlySet<string> = new Set(["llm-judge", "llm-jury"]);

type RawItem = Readonly<Record<string, unknown>>;

/**
 * Add to `judges` (keyed by the model as written) every judge model of test `i` of `block` not
 * resolved yet; a model that cannot be resolved is an error of `lookup`, positioned at it.
 * @param expect the test's `expect:` as written
 */
export function collectJudgeModels(
  doc: DocumentView,
  block: "agents" | "evals",
  i: number,
  expect: unknown,
  lookup: ModelLookup,
  judges: Record<string, ModelRef>,
): void {
  if (!Array.isArray(expect)) return;
  expect.forEach((item: RawItem, j) => {
    for (const { written, at } of judgeModelsOf(item, [block, i, "expect", j, "matcher"])) {
      const key = judgeKey(written);
      if (judges[key]) continue;
      const model = lookup(written, doc, at);
      if (model) judges[key] = model;
    }
  });
}

/** The models an expect item's judge matcher names, with where each is written; none for other matchers. */
function judgeModelsOf(
  item: RawItem,
  matcherAt: DocumentPath,
): { written: unknown; at: DocumentPath }[] {
  const [name, arg] = Object.entries((item.matcher ?? {}) as RawItem)[0] ?? [];
  if (!name || !JUDGE_MATCHERS.has(name)) return [];
  const at = [...matcherAt, name];
  const spec = (arg ?? {}) as RawItem;
  if (name === "llm-judge") {
    return spec.model === undefined ? [] : [{ written: spec.model, at: [...at, "model"] }];
  }
  const models: unknown[] = Array.isArray(spec.models) ? spec.models : [];
  return models.flatMap((written, k) =>
    written === undefined ? [] : [{ written, at: [...at, "models", k] }]
  );
}
