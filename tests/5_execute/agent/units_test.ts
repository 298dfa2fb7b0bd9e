/** @module Provider detection, prices, catalog collisions, the stub model and the judges, case by case. */

import assert from "node:assert/strict";
import { detectFamily } from "../../../src/3_load/config/model_providers.ts";
import { costUsd, priceOf } from "../../../src/3_load/config/model_prices.ts";
import { mergeCatalog } from "../../../src/5_execute/agent/catalog.ts";
import { argsFor, stubClient } from "../../../src/5_execute/agent/stub_client.ts";
import { aggregate, parseVerdict, stubVerdict } from "../../../src/5_execute/agent/judge.ts";
import { parseJudge } from "../../../src/3_load/config/judge_spec.ts";

Deno.test("detectFamily() follows the seed's table", async (t) => {
  const cases: Array<[string, string | undefined]> = [
    ["claude-sonnet-4-5", "anthropic"],
    ["gpt-5", "openai"],
    ["chatgpt-4o-latest", "openai"],
    ["o3", "openai"],
    ["o4-mini", "openai"],
    ["text-davinci-003", "openai"],
    ["davinci-002", "openai"],
    ["gemini-2.5-pro", "google"],
    ["models/gemini-2.5-flash", "google"],
    ["mistral-large-latest", "mistral"],
    ["codestral-latest", "mistral"],
    ["magistral-medium", "mistral"],
    ["ministral-8b", "mistral"],
    ["devstral-small", "mistral"],
    ["pixtral-12b", "mistral"],
    ["open-mistral-7b", "mistral"],
    ["open-mixtral-8x7b", "mistral"],
    ["omni-1", undefined],
    ["llama-3", undefined],
  ];
  for (const [id, family] of cases) {
    await t.step(id, () => assert.equal(detectFamily(id)?.family, family));
  }
});

Deno.test("priceOf() finds exact and dated ids, not unknown ones", () => {
  assert.deepEqual(priceOf("claude-sonnet-4-5-20250929"), {
    inputUsdPerMtok: 3,
    outputUsdPerMtok: 15,
  });
  assert.deepEqual(priceOf("gpt-5-mini"), { inputUsdPerMtok: 0.25, outputUsdPerMtok: 2 });
  assert.equal(priceOf("some-model"), undefined);
  assert.equal(
    costUsd({ inputUsdPerMtok: 3, outputUsdPerMtok: 15 }, { input: 1_000_000, output: 0 }),
    3,
  );
});

Deno.test("mergeCatalog() exposes colliding names with their server and reports them", () => {
  const tool = (name: string) => ({ name, description: "", inputSchema: {} });
  const { tools, collisions } = mergeCatalog([
    { name: "a", key: "a", tools: [tool("status"), tool("x")] },
    { name: "b", key: "b", tools: [tool("status")] },
  ]);
  assert.deepEqual(tools.map((t) => [t.exposedName, t.name, t.server]), [
    ["a__status", "status", "a"],
    ["x", "x", "a"],
    ["b__status", "status", "b"],
  ]);
  assert.equal(collisions.length, 1);
  assert.equal(mergeCatalog([{ name: "a", key: "a", tools: [tool("x")] }]).collisions.length, 0);
});

Deno.test("stubClient() picks the matching tool reproducibly, or answers in text", async () => {
  const weather = {
    exposedName: "get_weather",
    name: "get_weather",
    server: "w",
    serverKey: "w",
    description: "Current weather for a city",
    inputSchema: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
  };
  const ask = (text: string) =>
    stubClient().turn({
      messages: [{ role: "user", text }],
      tools: [weather],
      maxOutputTokens: 10,
    });
  const first = await ask("What is the weather in Sacramento?");
  assert.deepEqual(first.toolCalls.map((c) => [c.name, c.args]), [["get_weather", {
    city: "Sacramento",
  }]]);
  assert.deepEqual(await ask("What is the weather in Sacramento?"), first);
  const none = await ask("Tell me a joke");
  assert.deepEqual(none.toolCalls, []);
  assert.match(none.text, /No tool matched/);
  assert.deepEqual(
    argsFor(
      { properties: { n: { type: "integer" }, p: { enum: ["P1", "P2"] } } },
      "open P2 with 3",
    ),
    { n: 3, p: "P2" },
  );
});

Deno.test("judges: verdict parsing, the stub judge, jury aggregation, bad options", async (t) => {
  await t.step("parseVerdict reads the JSON object, and fails a reply without one", () => {
    assert.deepEqual(parseVerdict('ok {"verdict":"pass","score":0.8,"reasoning":"r"}'), {
      verdict: "pass",
      score: 0.8,
      reasoning: "r",
    });
    assert.equal(parseVerdict("looks good").verdict, "fail");
  });
  await t.step("stubVerdict passes on rubric words present, fails when absent", () => {
    assert.equal(stubVerdict("sunny in Sacramento", "Sacramento: sunny", 0.7).verdict, "pass");
    assert.equal(stubVerdict("sunny in Sacramento", "it rains in Paris", 0.7).verdict, "fail");
  });
  await t.step("aggregate: majority, unanimous, mean", () => {
    const v = (verdict: "pass" | "fail", score: number) => ({
      model: "m",
      provider: "p",
      verdict,
      score,
      reasoning: "",
    });
    const votes = [v("pass", 0.9), v("pass", 0.8), v("fail", 0.1)];
    assert.equal(aggregate({ aggregation: "majority", passThreshold: 0.5 }, votes).pass, true);
    assert.equal(aggregate({ aggregation: "unanimous", passThreshold: 0.5 }, votes).pass, false);
    assert.equal(aggregate({ aggregation: "mean", passThreshold: 0.7 }, votes).pass, false);
    assert.equal(aggregate({ aggregation: "mean", passThreshold: 0.5 }, votes).pass, true);
  });
  await t.step("parseJudge rejects a missing rubric and a bad threshold", () => {
    assert.throws(() => parseJudge("llm-judge", { model: "gpt-5" }), /needs rubric/);
    assert.throws(
      () => parseJudge("llm-judge", { rubric: "r", model: "gpt-5", pass_threshold: 2 }),
      /from 0 to 1/,
    );
    assert.throws(() => parseJudge("llm-jury", { rubric: "r", models: [] }), /at least one/);
  });
});
