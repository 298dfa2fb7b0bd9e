/** @module collectJudgeModels(): the models of `llm-judge:` and `llm-jury:` assertions, resolved once each. */

import assert from "node:assert/strict";
import { collectJudgeModels } from "../../../src/3_load/config/judge_models.ts";
import { blockContext, documentFrom, serversNamed } from "./_documents.ts";

Deno.test("collectJudgeModels() resolves each judge and juror model once, by the model as written", () => {
  const doc = documentFrom(`agents:
  - name: graded
    model: claude-sonnet-4-5
    servers: s
    prompt: hi
    expect:
      - { target: final_response, matcher: { exact: hi } }
      - target: final_response
        matcher: { llm-judge: { rubric: polite, model: claude-haiku-4-5 } }
      - target: final_response
        matcher: { llm-jury: { rubric: polite, models: [claude-haiku-4-5, gpt-5-mini] } }
`);
  const context = blockContext(serversNamed("s"), { OPENAI_API_KEY: "sk-openai-test" });
  const expect = (doc.value.agents as { expect: unknown }[])[0]!.expect;
  collectJudgeModels(doc, "agents", 0, expect, context.lookup, context.judges);
  assert.deepEqual(context.found.errors, []);
  assert.deepEqual(
    Object.entries(context.judges).map(([key, model]) => [key, model.family, model.apiKey]),
    [["claude-haiku-4-5", "anthropic", undefined], ["gpt-5-mini", "openai", "sk-openai-test"]],
  );
  assert.deepEqual(context.found.secrets, ["sk-openai-test"]);
});

Deno.test("collectJudgeModels() rejects a juror no provider answers at file:line:col", () => {
  const doc = documentFrom(`evals:
  - name: graded
    tool: echo
    expect:
      - target: result
        matcher: { llm-jury: { rubric: clear, models: [claude-haiku-4-5, { provider: mine, id: m }] } }
`);
  const context = blockContext(serversNamed("s"));
  const expect = (doc.value.evals as { expect: unknown }[])[0]!.expect;
  collectJudgeModels(doc, "evals", 0, expect, context.lookup, context.judges);
  assert.deepEqual(Object.keys(context.judges), ["claude-haiku-4-5"]);
  assert.deepEqual(context.found.errors.map((e) => e.message), [
    'suite.yml:6:74: unknown provider "mine"; declare it under providers:',
  ]);
});
