/** @module The seeds' `provider/id` model form (`anthropic/claude-opus-4-7`) resolves like the bare id. */

import assert from "node:assert/strict";
import { resolveModel } from "../../../src/3_load/config/model_providers.ts";
import type { ProviderConfig } from "../../../src/3_load/config/model_providers.ts";

const none = new Map<string, ProviderConfig>();

Deno.test("resolveModel() takes anthropic/claude-opus-4-7 as claude-opus-4-7 of anthropic", () => {
  const env = { ANTHROPIC_API_KEY: "k" };
  const slashed = resolveModel("anthropic/claude-opus-4-7", none, env);
  assert.deepEqual(slashed, resolveModel("claude-opus-4-7", none, env));
  assert.equal(slashed.family, "anthropic");
  assert.equal(slashed.id, "claude-opus-4-7");
  assert.equal(resolveModel("openai/gpt-5", none, {}).family, "openai");
});

Deno.test("resolveModel() sends provider/id to a declared provider of that name", () => {
  const providers = new Map<string, ProviderConfig>([
    ["local", { name: "local", type: "openai", apiKeyEnv: "LOCAL_KEY", prices: {} }],
  ]);
  const ref = resolveModel("local/qwen3-32b", providers, {});
  assert.deepEqual(ref, resolveModel({ provider: "local", id: "qwen3-32b" }, providers, {}));
});

Deno.test("resolveModel() refuses a family before the slash that does not fit the id", () => {
  assert.throws(
    () => resolveModel("anthropic/gpt-5", none, {}),
    /model "anthropic\/gpt-5": "gpt-5" is not a anthropic model id/,
  );
  assert.throws(() => resolveModel("nobody/claude-opus-4-7", none, {}), /cannot tell the provider/);
});
