/** @module Agent rows end to end through loadSuite + runSuite: stub and fake API, --require-keys, spend caps, coverage, drift, key isolation, load errors. */

import assert from "node:assert/strict";
import { loadSuite } from "../../../src/3_load/config/load_suite.ts";
import { ConfigErrors } from "../../../src/0_base/errors/errors.ts";
import { runSuite } from "../../../src/5_execute/suite/run_suite.ts";
import { runExitCode } from "../../../src/4_record/exit_code.ts";
import type { RunRecord } from "../../../src/4_record/run_record.ts";
import { renderPretty } from "../../../src/6_report/pretty.ts";
import { renderJson } from "../../../src/6_report/json.ts";
import { ROOT } from "../../_helpers/cli.ts";
import { autopilot, FAKE_KEYS } from "../../fixtures/agent/autopilot.ts";
import { startFakeModelApi } from "../../fixtures/agent/fake_model_api.ts";

const SERVER =
  `["deno", "run", "--allow-env", "--allow-read", "${ROOT}tests/fixtures/agent/agent_server.ts"`;
const plain = new Proxy({}, { get: () => (s: string) => s }) as Parameters<typeof renderPretty>[1];

async function run(
  yaml: string,
  env: Record<string, string>,
  agents: Parameters<typeof runSuite>[1] extends infer O
    ? O extends { agents?: infer A } ? A : never
    : never = {},
): Promise<RunRecord> {
  const dir = await Deno.makeTempDir({ prefix: "mcptest-agent-" });
  try {
    await Deno.writeTextFile(`${dir}/suite.yml`, yaml);
    const suite = await loadSuite({ paths: ["suite.yml"], cwd: dir, env });
    return await runSuite(suite, { cwd: dir, ci: false, cassettes: "live", agents });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

const weather = (agents: string, extra = "") => `
servers:
  weather:
    command: ${SERVER}, "weather"]
${extra}
agents:
${agents}
`;

const WEATHER_TEST = `
  - name: weather
    model: claude-sonnet-4-5
    servers: [weather]
    prompt: What is the weather in Sacramento?
    expect:
      - target: tool_calls[0].name
        matcher: { exact: get_weather }
      - target: final_response
        matcher: { icontains: sacramento }
`;

Deno.test("agent rows: the stub answers without a key, --require-keys fails instead", async (t) => {
  await t.step("no key: the stub passes and the row says provider stub", async () => {
    const record = await run(weather(WEATHER_TEST), {});
    const row = record.tests[0]!;
    assert.equal(row.name, "weather [claude-sonnet-4-5]");
    assert.equal(row.status, "pass", JSON.stringify(row));
    assert.equal(row.agent?.provider, "stub");
    assert.equal(row.agent?.costUsd, 0);
    assert.match(renderPretty(record, plain), /provider stub/);
    assert.equal(runExitCode(record), 0);
  });
  await t.step("no key and --require-keys: the row errors naming the variable", async () => {
    const record = await run(weather(WEATHER_TEST), {}, { requireKeys: true });
    assert.equal(record.tests[0]!.status, "error");
    assert.match(record.tests[0]!.failure!.message, /ANTHROPIC_API_KEY is not set/);
    assert.equal(runExitCode(record), 1);
  });
  await t.step("the stub fails a test whose expectation is wrong", async () => {
    const record = await run(
      weather(WEATHER_TEST.replace("exact: get_weather", "exact: get_forecast")),
      {},
    );
    assert.equal(record.tests[0]!.status, "fail");
  });
});

Deno.test("agent rows against the fake API: usage, cost, key isolation, 429 retry", async (t) => {
  const api = startFakeModelApi({ responder: autopilot });
  const env = {
    ANTHROPIC_API_KEY: FAKE_KEYS.ANTHROPIC_API_KEY,
    OPENAI_API_KEY: FAKE_KEYS.OPENAI_API_KEY,
    MCPTEST_ANTHROPIC_BASE_URL: api.baseUrl("anthropic"),
    MCPTEST_OPENAI_BASE_URL: api.baseUrl("openai"),
  };
  try {
    await t.step(
      "provider anthropic answers; tokens and cost from usage; keys only in their header",
      async () => {
        api.script({ status: 429, retryAfter: 0, error: "rate limited" });
        const record = await run(weather(WEATHER_TEST), env);
        const row = record.tests[0]!;
        assert.equal(row.status, "pass", JSON.stringify(row));
        assert.equal(row.agent?.provider, "anthropic");
        assert.ok(row.agent!.tokens.total > 0);
        const { input, output } = row.agent!.tokens;
        assert.ok(Math.abs(row.agent!.costUsd! - (input * 3 + output * 15) / 1e6) < 1e-12);
        assert.equal(record.cost?.totalUsd, row.agent!.costUsd);
        // An agent-only run's duration is the agent stage's, at least its row's (never 0).
        assert.ok(
          record.durationMs >= row.durationMs && record.durationMs > 0,
          `${record.durationMs}`,
        );
        for (const request of api.requests) {
          assert.equal(request.family, "anthropic");
          assert.deepEqual(request.credential, {
            header: "x-api-key",
            value: FAKE_KEYS.ANTHROPIC_API_KEY,
          });
        }
        const outputs = [JSON.stringify(record), renderJson(record), renderPretty(record, plain)];
        for (const text of outputs) {
          for (const key of Object.values(FAKE_KEYS)) {
            assert.ok(!text.includes(key), "a key leaked");
          }
        }
      },
    );
    await t.step(
      "a model without a price: its cost and the run's are unknown, not $0",
      async () => {
        const record = await run(
          weather(WEATHER_TEST.replace("claude-sonnet-4-5", "claude-unpriced-0")),
          env,
        );
        assert.equal(record.tests[0]!.agent?.costUsd, null, JSON.stringify(record.tests[0]));
        const text = renderPretty(record, plain);
        assert.match(text, /^Model cost: unknown$/m);
        assert.doesNotMatch(text, /\$0\.000000/);
      },
    );
    await t.step("a matrix where one model fails: a DRIFT row and exit 6", async () => {
      const matrix = WEATHER_TEST.replace(
        "model: claude-sonnet-4-5",
        "models: [claude-sonnet-4-5, gpt-5]",
      );
      // The first Anthropic call answers with plain text: that row fails, the OpenAI row passes.
      api.script({ text: "I do not know." });
      const record = await run(weather(matrix), env);
      const drift = record.tests.find((r) => r.kind === "drift");
      assert.ok(drift, JSON.stringify(record.tests.map((r) => [r.name, r.status])));
      assert.match(
        drift.failure!.message,
        /passes on gpt-5 \(openai\); fails on claude-sonnet-4-5 \(anthropic\)/,
      );
      assert.equal(runExitCode(record), 6);
      assert.match(renderPretty(record, plain), /DRIFT weather/);
    });
    await t.step("a matrix that agrees: no DRIFT row", async () => {
      const matrix = WEATHER_TEST.replace(
        "model: claude-sonnet-4-5",
        "models: [claude-sonnet-4-5, gpt-5]",
      );
      const record = await run(weather(matrix), env);
      assert.equal(record.tests.filter((r) => r.kind === "drift").length, 0);
      assert.equal(runExitCode(record), 0);
    });
    await t.step(
      "budget per_test_usd_cents stops before a call that could exceed it: exit 5",
      async () => {
        const before = api.requests.length;
        // max_tokens 100000 at $15/Mtok may cost 150 cents: more than the 1 cent cap.
        const yaml = weather(
          WEATHER_TEST.replace("servers: [weather]", "servers: [weather]\n    max_tokens: 100000"),
          "budget: { per_test_usd_cents: 1 }",
        );
        const record = await run(yaml, env);
        assert.equal(record.tests[0]!.status, "error");
        assert.match(
          record.tests[0]!.failure!.message,
          /budget per_test_usd_cents 1 would be exceeded/,
        );
        assert.equal(api.requests.length, before, "no model call was made");
        assert.equal(record.cost?.capTripped, "per_test_usd_cents");
        assert.equal(runExitCode(record), 5);
      },
    );
    await t.step("a budget that fits: the run passes", async () => {
      const record = await run(
        weather(WEATHER_TEST, "budget: { per_test_usd_cents: 50, per_suite_usd_cents: 100 }"),
        env,
      );
      assert.equal(record.tests[0]!.status, "pass");
      assert.equal(runExitCode(record), 0);
    });
    await t.step("--max-cost below a call's maximum cost: exit 5", async () => {
      const matrix = WEATHER_TEST.replace(
        "model: claude-sonnet-4-5",
        "models: [claude-sonnet-4-5, gpt-5]",
      );
      const record = await run(weather(matrix), env, { maxCostUsd: 0.012 });
      assert.equal(record.cost?.capTripped, "--max-cost");
      assert.equal(runExitCode(record), 5);
    });
  } finally {
    await api.close();
  }
});

Deno.test("--coverage-threshold: rows per server, uncovered names listed, exit 6", async (t) => {
  await t.step("one of three exercised is below 50%", async () => {
    const record = await run(weather(WEATHER_TEST), {}, { coverageThreshold: 50 });
    const row = record.tests.find((r) => r.kind === "coverage")!;
    assert.equal(row.status, "fail");
    assert.match(row.assertions[0]!.actual, /33\.3% \(1 of 3\)/);
    assert.match(
      row.assertions[0]!.message!,
      /uncovered: tool:get_forecast, resource:weather:\/\/stations/,
    );
    assert.equal(runExitCode(record), 6);
  });
  await t.step("a threshold of 30% passes", async () => {
    const record = await run(weather(WEATHER_TEST), {}, { coverageThreshold: 30 });
    assert.equal(record.tests.find((r) => r.kind === "coverage")!.status, "pass");
    assert.equal(runExitCode(record), 0);
  });
});

Deno.test("loadSuite() rejects bad agent blocks with positions (exit 2)", async (t) => {
  const bad = async (yaml: string, pattern: RegExp) => {
    const error = await run(yaml, {}).then(() => undefined, (e) => e);
    assert.ok(error instanceof ConfigErrors, String(error));
    assert.equal(error.exitCode, 2);
    assert.match(error.errors.map((e) => `${e.pos?.line}: ${e.message}`).join("\n"), pattern);
  };
  await t.step(
    "a model no family matches",
    () =>
      bad(
        weather(WEATHER_TEST.replace("claude-sonnet-4-5", "llama-3")),
        /\d+: cannot tell the provider of model "llama-3"/,
      ),
  );
  await t.step(
    "an unknown named provider",
    () =>
      bad(
        weather(
          WEATHER_TEST.replace("model: claude-sonnet-4-5", "model: { provider: nope, id: x }"),
        ),
        /unknown provider "nope"/,
      ),
  );
  await t.step(
    "an unknown server",
    () =>
      bad(
        weather(WEATHER_TEST.replace("servers: [weather]", "servers: [nope]")),
        /unknown server "nope"/,
      ),
  );
  await t.step(
    "a target outside the trace",
    () =>
      bad(
        weather(WEATHER_TEST.replace("target: final_response", "target: result.content")),
        /invalid target "result.content"/,
      ),
  );
  await t.step("a matrix-less drift is impossible, and the good file loads", async () => {
    const record = await run(weather(WEATHER_TEST), {});
    assert.equal(record.tests.length, 1);
  });
});
