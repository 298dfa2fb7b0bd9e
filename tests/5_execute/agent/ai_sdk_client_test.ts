/** @module The AI SDK client against the fake model API: every wire format, tool calls, usage, errors, 429 retry, key headers. */

import assert from "node:assert/strict";
import { aiSdkClient } from "../../../src/5_execute/agent/ai_sdk_client.ts";
import { resolveModel } from "../../../src/3_load/config/model_providers.ts";
import type { CatalogTool } from "../../../src/5_execute/agent/model_client.ts";
import { type FakeFamily, startFakeModelApi } from "../../fixtures/agent/fake_model_api.ts";

const TOOL: CatalogTool = {
  exposedName: "get_weather",
  name: "get_weather",
  server: "weather",
  serverKey: "weather",
  description: "Current weather for a city",
  inputSchema: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
};

const CASES: ReadonlyArray<{
  model: string | { provider: string; id: string };
  family: FakeFamily;
  env: string;
  header: string;
  value: (key: string) => string;
}> = [
  {
    model: "claude-sonnet-4-5",
    family: "anthropic",
    env: "ANTHROPIC_API_KEY",
    header: "x-api-key",
    value: (k) => k,
  },
  {
    model: "gpt-5",
    family: "openai",
    env: "OPENAI_API_KEY",
    header: "authorization",
    value: (k) => `Bearer ${k}`,
  },
  {
    model: "gemini-2.5-pro",
    family: "google",
    env: "GEMINI_API_KEY",
    header: "x-goog-api-key",
    value: (k) => k,
  },
  {
    model: "models/gemini-2.5-flash",
    family: "google",
    env: "GOOGLE_API_KEY",
    header: "x-goog-api-key",
    value: (k) => k,
  },
  {
    model: "mistral-large-latest",
    family: "mistral",
    env: "MISTRAL_API_KEY",
    header: "authorization",
    value: (k) => `Bearer ${k}`,
  },
  {
    model: { provider: "router", id: "anthropic/claude-3.5-sonnet" },
    family: "openai-chat",
    env: "ROUTER_KEY",
    header: "authorization",
    value: (k) => `Bearer ${k}`,
  },
];

Deno.test("aiSdkClient() speaks each provider's wire format to the fake API", async (t) => {
  const api = startFakeModelApi();
  try {
    for (const c of CASES) {
      await t.step(`${JSON.stringify(c.model)} -> ${c.family}`, async () => {
        const key = `sk-test-${c.family}-0123456789`;
        const providers = new Map([["router", {
          name: "router",
          type: "openai" as const,
          baseUrl: api.baseUrl("openai-chat"),
          apiKeyEnv: "ROUTER_KEY",
          prices: {},
        }]]);
        const family = c.family === "openai-chat" ? "openai" : c.family;
        const env = {
          [c.env]: key,
          [`MCPTEST_${family.toUpperCase()}_BASE_URL`]: api.baseUrl(c.family),
        };
        const model = resolveModel(c.model, providers, env);
        assert.equal(model.apiKey, key);
        const client = aiSdkClient(model as typeof model & { apiKey: string });
        const before = api.requests.length;
        api.script({
          toolCalls: [{ name: "get_weather", args: { city: "Sacramento" } }],
          usage: { input: 42, output: 7 },
        });
        const first = await client.turn({
          messages: [{ role: "user", text: "What is the weather in Sacramento?" }],
          tools: [TOOL],
          maxOutputTokens: 256,
        });
        assert.equal(first.toolCalls.length, 1);
        assert.equal(first.toolCalls[0]!.name, "get_weather");
        assert.deepEqual(first.toolCalls[0]!.args, { city: "Sacramento" });
        assert.deepEqual(first.usage, { input: 42, output: 7 });
        api.script({ text: "It is sunny in Sacramento." });
        const second = await client.turn({
          messages: [
            { role: "user", text: "What is the weather in Sacramento?" },
            { role: "assistant", text: "", toolCalls: first.toolCalls },
            {
              role: "tool",
              results: [{ id: first.toolCalls[0]!.id, name: "get_weather", text: "sunny, 31C" }],
            },
          ],
          tools: [TOOL],
          maxOutputTokens: 256,
        });
        assert.equal(second.text, "It is sunny in Sacramento.");
        assert.deepEqual(second.toolCalls, []);
        const seen = api.requests.slice(before);
        assert.equal(seen.length, 2);
        for (const request of seen) {
          assert.equal(request.family, c.family);
          assert.deepEqual(request.credential, { header: c.header, value: c.value(key) });
          // The key is in its header only: never in the body, never in another header.
          assert.ok(!JSON.stringify(request.body).includes(key));
          for (const [name, value] of Object.entries(request.headers)) {
            if (name !== c.header) assert.ok(!value.includes(key), `${name} carries the key`);
          }
          assert.deepEqual(request.toolNames, ["get_weather"]);
        }
        assert.ok(
          seen[1]!.toolResults.some((r) => r.includes("sunny, 31C")),
          JSON.stringify(seen[1]!.body),
        );
      });
    }
  } finally {
    await api.close();
  }
});

Deno.test("aiSdkClient() retries a 429 after retry-after and surfaces other errors", async (t) => {
  const api = startFakeModelApi();
  const env = {
    ANTHROPIC_API_KEY: "sk-ant-test",
    MCPTEST_ANTHROPIC_BASE_URL: api.baseUrl("anthropic"),
  };
  const model = resolveModel("claude-sonnet-4-5", new Map(), env);
  const client = aiSdkClient(model as typeof model & { apiKey: string });
  const ask = () =>
    client.turn({ messages: [{ role: "user", text: "hi" }], tools: [], maxOutputTokens: 16 });
  try {
    await t.step("429 with retry-after: 0 is retried", async () => {
      api.script({ status: 429, retryAfter: 0, error: "slow down" }, { text: "hello" });
      const before = api.requests.length;
      assert.equal((await ask()).text, "hello");
      assert.equal(api.requests.length - before, 2);
    });
    await t.step("a 400 fails with the provider's message", async () => {
      api.script({ status: 400, error: "model not found" });
      await assert.rejects(ask, /model not found/);
    });
  } finally {
    await api.close();
  }
});
