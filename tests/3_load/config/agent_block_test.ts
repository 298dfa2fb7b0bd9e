/** @module loadAgents(): the agent feature's blocks of every file, read block by block into one AgentSuite. */

import assert from "node:assert/strict";
import { loadAgents } from "../../../src/3_load/config/agent_block.ts";
import { documentFrom, serversNamed } from "./_documents.ts";

Deno.test("loadAgents() gives no suite when no file has an agent block", () => {
  const result = loadAgents([documentFrom(`tools: []\n`)], serversNamed("s"), {});
  assert.deepEqual(result, { errors: [], secrets: [] });
});

Deno.test("loadAgents() joins providers, budget, agents, evals and judges across files", () => {
  const config = documentFrom(
    `providers:\n  local: { type: openai, api_key_env: LOCAL_KEY }\nbudget:\n  per_suite_usd_cents: 50\n`,
    { file: "mcptest.yml", role: "config" },
  );
  const tests = documentFrom(`agents:
  - { name: local run, model: { provider: local, id: qwen3 }, servers: s, prompt: hi }
evals:
  - name: graded
    server: s
    tool: echo
    expect: [{ target: result, matcher: { llm-judge: { rubric: clear, model: claude-haiku-4-5 } } }]
`);
  const env = { LOCAL_KEY: "local-secret", ANTHROPIC_API_KEY: "sk-ant-test" };
  const { suite, secrets, errors } = loadAgents([config, tests], serversNamed("s"), env);
  assert.deepEqual(errors, []);
  assert.deepEqual(suite?.agents.map((a) => [a.id, a.models.map((m) => m.label)]), [
    ["suite.yml::agent::local run", ["local/qwen3"]],
  ]);
  assert.deepEqual(suite?.evals.map((e) => e.id), ["suite.yml::eval::graded"]);
  assert.deepEqual(suite?.budget, { perSuiteUsdCents: 50 });
  assert.deepEqual(Object.keys(suite?.judges ?? {}), ["claude-haiku-4-5"]);
  assert.deepEqual(secrets, ["local-secret", "sk-ant-test"]);
});

Deno.test("loadAgents() rejects an assertion target outside the trace at file:line:col", () => {
  const doc = documentFrom(`agents:
  - name: wrong root
    model: claude-sonnet-4-5
    servers: s
    prompt: hi
    expect:
      - { target: result.content, matcher: { exact: 1 } }
`);
  const { errors } = loadAgents([doc], serversNamed("s"), {});
  assert.equal(errors.length, 1);
  assert.match(errors[0]!.message, /^suite\.yml:7:9: invalid target "result\.content": /);
});
