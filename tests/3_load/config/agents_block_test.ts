/** @module readAgentTests(): the `agents:` block of a file as agent tests. */

import assert from "node:assert/strict";
import { readAgentTests } from "../../../src/3_load/config/agents_block.ts";
import { blockContext, documentFrom, serversNamed } from "./_documents.ts";

const ENV = { ANTHROPIC_API_KEY: "sk-ant-test", OPENAI_API_KEY: "sk-openai-test" };

Deno.test("readAgentTests() reads a test: models resolved, servers keyed, expect normalised", () => {
  const doc = documentFrom(`agents:
  - name: weather
    models: [claude-sonnet-4-5, gpt-5-mini]
    servers: [weather, search]
    prompt: What is the weather in Sacramento?
    system: Be brief.
    max_turns: 3
    expect:
      - target: tool_calls[0].name
        matcher: { exact: get_weather }
`);
  const context = blockContext(serversNamed("suite.yml#weather", "search"), ENV);
  const [test, ...rest] = readAgentTests(doc, context);
  assert.deepEqual(context.found.errors, []);
  assert.equal(rest.length, 0);
  assert.equal(test?.id, "suite.yml::agent::weather");
  assert.deepEqual(test?.models.map((m) => [m.label, m.family, m.apiKey]), [
    ["claude-sonnet-4-5", "anthropic", "sk-ant-test"],
    ["gpt-5-mini", "openai", "sk-openai-test"],
  ]);
  assert.equal(test?.matrix, true);
  assert.deepEqual(test?.servers, [
    { key: "suite.yml#weather", name: "weather" },
    { key: "search", name: "search" },
  ]);
  assert.equal(test?.system, "Be brief.");
  assert.deepEqual([test?.maxTurns, test?.maxTokens], [3, 1024]);
  assert.deepEqual(test?.assertions.map((a) => [a.target, a.matcher.name]), [
    ["tool_calls[0].name", "exact"],
  ]);
  assert.deepEqual(test?.pos, { file: "suite.yml", line: 2, col: 5 });
  assert.deepEqual(context.found.secrets, ["sk-ant-test", "sk-openai-test"]);
});

Deno.test("readAgentTests() rejects a bad test at file:line:col", async (t) => {
  await t.step("a name used twice: the second is left out", () => {
    const doc = documentFrom(`agents:
  - { name: twice, model: claude-sonnet-4-5, servers: s, prompt: hi }
  - { name: twice, model: claude-sonnet-4-5, servers: s, prompt: hi }
`);
    const context = blockContext(serversNamed("s"), ENV);
    assert.equal(readAgentTests(doc, context).length, 1);
    assert.deepEqual(context.found.errors.map((e) => e.message), [
      'suite.yml:3:13: duplicate agent test name "twice"',
    ]);
  });
  await t.step("an unknown server and a model no provider answers", () => {
    const doc = documentFrom(`agents:
  - name: lost
    model: llama-3
    servers: [s, nowhere]
    prompt: hi
`);
    const context = blockContext(serversNamed("s"), ENV);
    const [test] = readAgentTests(doc, context);
    assert.deepEqual([test?.models, test?.servers], [[], [{ key: "s", name: "s" }]]);
    const [model, server, ...more] = context.found.errors.map((e) => e.message);
    assert.match(model ?? "", /^suite\.yml:3:12: cannot tell the provider of model "llama-3": /);
    assert.equal(server, 'suite.yml:4:18: unknown server "nowhere"; expected one of: s');
    assert.deepEqual(more, []);
  });
});
