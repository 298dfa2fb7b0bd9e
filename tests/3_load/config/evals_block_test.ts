/** @module readEvalTests(): the `evals:` block of a file as model-graded evals. */

import assert from "node:assert/strict";
import { readEvalTests } from "../../../src/3_load/config/evals_block.ts";
import { blockContext, documentFrom, serversNamed } from "./_documents.ts";

const ENV = { ANTHROPIC_API_KEY: "sk-ant-test" };
const JUDGED =
  `[{ target: result, matcher: { llm-judge: { rubric: clear, model: claude-haiku-4-5 } } }]`;

Deno.test("readEvalTests() reads tool, resource and prompt evals and their judges", () => {
  const doc = documentFrom(`evals:
  - name: forecast
    tool: get_forecast
    args: { city: Sacramento }
    question: What is the forecast?
    expect: ${JUDGED}
  - { name: readme, server: docs, resource: "file:///README.md", expect: ${JUDGED} }
  - { name: greeting, prompt: greet, expect: ${JUDGED} }
`);
  const context = blockContext(serversNamed("suite.yml#weather", "docs"), ENV);
  const evals = readEvalTests(doc, context);
  assert.deepEqual(context.found.errors, []);
  assert.deepEqual(evals.map((e) => [e.id, e.serverKey, e.call, e.prompt]), [
    [
      "suite.yml::eval::forecast",
      "suite.yml#weather",
      { kind: "tool", tool: "get_forecast", args: { city: "Sacramento" } },
      "What is the forecast?",
    ],
    ["suite.yml::eval::readme", "docs", { kind: "resource", uri: "file:///README.md" }, undefined],
    [
      "suite.yml::eval::greeting",
      "suite.yml#weather",
      { kind: "prompt", prompt: "greet", args: {} },
      undefined,
    ],
  ]);
  assert.deepEqual(Object.keys(context.judges), ["claude-haiku-4-5"]);
});

Deno.test("readEvalTests() rejects a bad eval at file:line:col", async (t) => {
  await t.step("no judge among its assertions (the eval is kept)", () => {
    const doc = documentFrom(`evals:
  - name: plain
    tool: echo
    expect: [{ target: result, matcher: { exact: 1 } }]
`);
    const context = blockContext(serversNamed("s"), ENV);
    assert.equal(readEvalTests(doc, context).length, 1);
    assert.deepEqual(context.found.errors.map((e) => e.message), [
      "suite.yml:4:13: an eval needs at least one llm-judge or llm-jury assertion (use tools:/resources:/prompts: for deterministic checks)",
    ]);
  });
  await t.step("no server: with several to choose from, and an unknown one", () => {
    const doc = documentFrom(`evals:
  - { name: which, tool: echo, expect: ${JUDGED} }
  - { name: lost, server: nowhere, tool: echo, expect: ${JUDGED} }
`);
    const context = blockContext(serversNamed("a", "b"), ENV);
    assert.deepEqual(readEvalTests(doc, context), []);
    assert.deepEqual(context.found.errors.map((e) => e.message), [
      "suite.yml:2:5: eval has no server:; name one of the declared servers",
      'suite.yml:3:27: unknown server "nowhere"; expected one of: a, b',
    ]);
  });
  await t.step("a name used twice", () => {
    const doc = documentFrom(`evals:
  - { name: twice, server: a, tool: echo, expect: ${JUDGED} }
  - { name: twice, server: a, tool: echo, expect: ${JUDGED} }
`);
    const context = blockContext(serversNamed("a"), ENV);
    assert.equal(readEvalTests(doc, context).length, 1);
    assert.deepEqual(context.found.errors.map((e) => e.message), [
      'suite.yml:3:13: duplicate eval name "twice"',
    ]);
  });
});
