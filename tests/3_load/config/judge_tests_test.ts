/** @module LOAD of judge matchers in tools:, resources: and prompts: tests: their models resolved once (the seeds' provider/id form included), keys kept secret, an unknown model or provider a positioned error. */

import assert from "node:assert/strict";
import { loadSuite } from "../../../src/3_load/config/load_suite.ts";
import { loadMessages, withFiles } from "./_helpers.ts";

const SERVER = `servers:
  s:
    command: ["node", "server.js"]
`;

const suite = (matcher: string, extra = "") =>
  `${SERVER}${extra}
tools:
  - name: graded
    tool: echo
    args: { text: hi }
    expect:
      - target: result.content[0].text
        matcher: ${matcher}
`;

Deno.test("a tool test's llm-judge model resolves at load (anthropic/claude-opus-4-7), its key a secret", async () => {
  const yaml = suite(`{ llm-judge: { rubric: polite, model: anthropic/claude-opus-4-7 } }`);
  await withFiles({ "suite.yml": yaml }, async (dir) => {
    const loaded = await loadSuite({
      paths: ["suite.yml"],
      cwd: dir,
      env: { ANTHROPIC_API_KEY: "sk-ant-load-test" },
    });
    const model = loaded.agent?.judges["anthropic/claude-opus-4-7"];
    assert.equal(model?.family, "anthropic");
    assert.equal(model?.id, "claude-opus-4-7");
    assert.equal(model?.apiKey, "sk-ant-load-test");
    assert.ok(loaded.secrets.includes("sk-ant-load-test"));
    assert.deepEqual(loaded.agent?.agents, []);
    assert.deepEqual(loaded.agent?.evals, []);
  });
});

Deno.test("a jury's models resolve through providers:, and a suite without judges has no agent part", async () => {
  const jury =
    `{ llm-jury: { rubric: polite, models: [claude-haiku-4-5, { provider: local, id: qwen3 }] } }`;
  const providers = `providers:
  local:
    type: openai
    base_url: http://127.0.0.1:9/v1
    api_key_env: LOCAL_KEY
`;
  await withFiles(
    { "suite.yml": suite(jury, providers), "plain.yml": suite("{ exact: hi }") },
    async (dir) => {
      const loaded = await loadSuite({
        paths: ["suite.yml"],
        cwd: dir,
        env: { LOCAL_KEY: "k-local" },
      });
      const judges = loaded.agent?.judges ?? {};
      assert.deepEqual(Object.keys(judges).sort(), [
        "claude-haiku-4-5",
        '{"provider":"local","id":"qwen3"}',
      ]);
      assert.equal(judges['{"provider":"local","id":"qwen3"}']?.baseUrl, "http://127.0.0.1:9/v1");
      const plain = await loadSuite({ paths: ["plain.yml"], cwd: dir, env: {} });
      assert.equal(plain.agent, undefined);
    },
  );
});

Deno.test("an unknown judge provider or model id is a load error at the matcher's file:line:col", async () => {
  const files = {
    "provider.yml": suite(`{ llm-judge: { rubric: polite, model: { provider: nowhere, id: m } } }`),
    "model.yml": suite(`{ llm-jury: { rubric: polite, models: [claude-haiku-4-5, llama-3] } }`),
    "family.yml": suite(`{ llm-judge: { rubric: polite, model: anthropic/gpt-5 } }`),
  };
  await withFiles(files, async (dir) => {
    assert.deepEqual(await loadMessages({ paths: ["provider.yml"], cwd: dir }), [
      'provider.yml:11:18: unknown provider "nowhere"; declare it under providers:',
    ]);
    const [model] = await loadMessages({ paths: ["model.yml"], cwd: dir });
    assert.match(
      model!,
      /^model\.yml:11:18: cannot tell the provider of model "llama-3": expected a prefix of claude-/,
    );
    const [family] = await loadMessages({ paths: ["family.yml"], cwd: dir });
    assert.match(
      family!,
      /^family\.yml:11:18: model "anthropic\/gpt-5": "gpt-5" is not a anthropic model id/,
    );
  });
});

Deno.test("a misspelt judge option is a load error with a suggestion", async () => {
  const yaml = suite(`{ llm-judge: { rubric: polite, model: gpt-5, pass_treshold: 0.7 } }`);
  await withFiles({ "suite.yml": yaml }, async (dir) => {
    const messages = await loadMessages({ paths: ["suite.yml"], cwd: dir });
    assert.equal(messages.length, 1, messages.join("\n"));
    assert.match(messages[0]!, /^suite\.yml:11:\d+: .*pass_treshold.*pass_threshold/);
  });
});
