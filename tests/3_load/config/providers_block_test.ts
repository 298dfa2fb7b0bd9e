/** @module readProviders(): the `providers:` blocks of a suite's files as named provider settings. */

import assert from "node:assert/strict";
import { nothingFound } from "../../../src/3_load/config/agent_block_context.ts";
import { readProviders } from "../../../src/3_load/config/providers_block.ts";
import { documentFrom } from "./_documents.ts";

Deno.test("readProviders() reads a named endpoint and a family's settings", () => {
  const doc = documentFrom(
    `providers:
  local:
    type: openai
    base_url: "\${LOCAL_URL}"
    api_key_env: LOCAL_KEY
    prices:
      qwen3-32b: { input: 0.1, output: 0.3 }
  anthropic:
    api_key_env: MY_ANTHROPIC_KEY
`,
    { env: { LOCAL_URL: "http://127.0.0.1:8000/v1" } },
  );
  const found = nothingFound();
  const providers = readProviders([doc], found);
  assert.deepEqual(found.errors, []);
  assert.deepEqual(Object.fromEntries(providers), {
    local: {
      name: "local",
      type: "openai",
      baseUrl: "http://127.0.0.1:8000/v1",
      apiKeyEnv: "LOCAL_KEY",
      prices: { "qwen3-32b": { inputUsdPerMtok: 0.1, outputUsdPerMtok: 0.3 } },
    },
    anthropic: {
      name: "anthropic",
      type: "anthropic",
      apiKeyEnv: "MY_ANTHROPIC_KEY",
      prices: {},
    },
  });
});

Deno.test("readProviders() rejects a bad entry at file:line:col and leaves it out", async (t) => {
  await t.step("a base_url that is not http(s)", () => {
    const doc = documentFrom(`providers:\n  local:\n    type: openai\n    base_url: ftp://host\n`);
    const found = nothingFound();
    assert.equal(readProviders([doc], found).size, 0);
    assert.deepEqual(found.errors.map((e) => e.message), [
      'suite.yml:4:15: provider "local" base_url must be an http:// or https:// URL, got "ftp://host"',
    ]);
  });
  await t.step("a name that is no family, with no type:", () => {
    const doc = documentFrom(`providers:\n  local:\n    base_url: http://host\n`);
    const found = nothingFound();
    assert.equal(readProviders([doc], found).size, 0);
    assert.deepEqual(found.errors.map((e) => e.message), [
      'suite.yml:2:3: provider "local" has no type:; expected type: openai (an OpenAI-compatible endpoint)',
    ]);
  });
  await t.step("a name declared in two files", () => {
    const first = documentFrom(`providers:\n  local: { type: openai }\n`, { file: "a.yml" });
    const second = documentFrom(`providers:\n  local: { type: openai }\n`, { file: "b.yml" });
    const found = nothingFound();
    assert.deepEqual([...readProviders([first, second], found).keys()], ["local"]);
    assert.deepEqual(found.errors.map((e) => e.message), [
      'b.yml:2:3: provider "local" is declared twice',
    ]);
  });
});
