/** @module Agent cassettes end to end: --record against the fake API, replay with no key and no network, staleness before any matcher, judges, keys never stored. */

import assert from "node:assert/strict";
import { loadSuite } from "../../../src/3_load/config/load_suite.ts";
import { runSuite } from "../../../src/5_execute/suite/run_suite.ts";
import { runExitCode } from "../../../src/4_record/exit_code.ts";
import type { RunRecord } from "../../../src/4_record/run_record.ts";
import {
  AGENT_CASSETTE_FORMAT,
  agentCassettePath,
  agentSlug,
  asAgentCassette,
  readAgentCassette,
  writeAgentCassette,
} from "../../../src/2_connect/cassette/agent_format.ts";
import { CassetteFormatError } from "../../../src/2_connect/cassette/format.ts";
import { ROOT } from "../../_helpers/cli.ts";
import { autopilot, FAKE_KEYS } from "../../fixtures/agent/autopilot.ts";
import { startFakeModelApi } from "../../fixtures/agent/fake_model_api.ts";

const SERVER =
  `["deno", "run", "--allow-env", "--allow-read", "${ROOT}tests/fixtures/agent/agent_server.ts"`;

const suiteYaml = (
  { prompt = "What is the weather in Sacramento?", model = "claude-sonnet-4-5", extra = "" } = {},
) => `
servers:
  weather:
    command: ${SERVER}, "weather"]
agents:
  - name: weather query
    model: ${model}
    servers: [weather]
    prompt: ${prompt}
${extra}
    expect:
      - target: tool_calls[0].name
        matcher: { exact: get_weather }
      - target: final_response
        matcher: { icontains: sacramento }
`;

const JUDGE = `
      - target: final_response
        matcher:
          llm-judge: { rubric: "Gives the weather in Sacramento", model: claude-haiku-4-5 }`;

async function run(
  dir: string,
  yaml: string,
  env: Record<string, string>,
  mode: "auto" | "record" | "live",
  agents: { requireKeys?: boolean } = {},
): Promise<RunRecord> {
  await Deno.writeTextFile(`${dir}/suite.yml`, yaml);
  const suite = await loadSuite({ paths: ["suite.yml"], cwd: dir, env });
  return await runSuite(suite, { cwd: dir, ci: false, cassettes: mode, agents });
}

async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  for await (const e of Deno.readDir(dir)) if (e.isFile) out.push(`${dir}/${e.name}`);
  return out.sort();
}

Deno.test("agentCassettePath() names <agent_slug>__[<provider>__]<model_slug>.json", async (t) => {
  await t.step("a family model has no provider part", () => {
    const path = agentCassettePath("dir/suite.yml", "/w", "Weather query", {
      id: "claude-sonnet-4-5",
      provider: "anthropic",
      named: false,
    });
    assert.equal(path, "/w/dir/cassettes/weather-query__claude-sonnet-4-5.json");
  });
  await t.step("a named provider shows in the name", () => {
    const path = agentCassettePath("suite.yml", "/w", "my test", {
      id: "anthropic/claude-3.5-sonnet",
      provider: "openrouter",
      named: true,
    });
    assert.equal(path, "/w/cassettes/my-test__openrouter__anthropic-claude-3-5-sonnet.json");
  });
  await t.step("slugs never hold path characters", () => {
    assert.equal(agentSlug("../x y/Z"), "x-y-z");
    assert.equal(agentSlug("///"), "_");
  });
});

Deno.test("asAgentCassette() refuses what is not an agent cassette of this version", async (t) => {
  const good = {
    format: AGENT_CASSETTE_FORMAT,
    version: 1,
    agent: "a",
    provider: "anthropic",
    model: "m",
    prompt: "p",
    recorded_with: "mcptest 0",
    exchanges: [{ model: "m", provider: "anthropic", request: {}, reply: {} }],
  };
  await t.step("a good one is read", () => assert.equal(asAgentCassette(good).agent, "a"));
  for (
    const [name, bad, why] of [
      ["a tool cassette", { ...good, format: "mcptest-cassette" }, /not an agent cassette/],
      ["another version", { ...good, version: 9 }, /version 9 is not supported.*re-record/],
      ["a missing prompt", { ...good, prompt: 3 }, /"prompt" must be a string/],
      ["an exchange without a reply", { ...good, exchanges: [{ model: "m" }] }, /exchanges\[0\]/],
    ] as const
  ) {
    await t.step(`${name} is refused`, () => {
      assert.throws(
        () => asAgentCassette(bad),
        (e) => e instanceof CassetteFormatError && why.test(e.message),
      );
    });
  }
});

Deno.test("writeAgentCassette() hides every form of a secret and writes atomically", async () => {
  const dir = await Deno.makeTempDir({ prefix: "mcptest-agent-cassette-" });
  try {
    const key = FAKE_KEYS.ANTHROPIC_API_KEY;
    const path = `${dir}/cassettes/a__m.json`;
    await writeAgentCassette(path, {
      format: AGENT_CASSETTE_FORMAT,
      version: 1,
      agent: "a",
      provider: "anthropic",
      model: "m",
      prompt: `use ${key}`,
      recorded_with: "mcptest 0",
      exchanges: [{
        model: "m",
        provider: "anthropic",
        request: { messages: [{ role: "user", text: JSON.stringify({ k: key }) }] },
        reply: { text: btoa(key) },
      }],
    }, [key]);
    const text = await Deno.readTextFile(path);
    assert.ok(!text.includes(key) && !text.includes(btoa(key)), text);
    assert.match(text, /\[REDACTED\]/);
    assert.equal((await readAgentCassette(path, "a__m.json")).format, AGENT_CASSETTE_FORMAT);
    assert.deepEqual([...Deno.readDirSync(`${dir}/cassettes`)].map((e) => e.name), ["a__m.json"]);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("agent cassettes: --record, replay with no key, staleness, judges, no keys stored", async (t) => {
  const api = startFakeModelApi({ responder: autopilot });
  const env = {
    ANTHROPIC_API_KEY: FAKE_KEYS.ANTHROPIC_API_KEY,
    MCPTEST_ANTHROPIC_BASE_URL: api.baseUrl("anthropic"),
  };
  const dir = await Deno.makeTempDir({ prefix: "mcptest-agent-cassette-" });
  const cassette = `${dir}/cassettes/weather-query__claude-sonnet-4-5.json`;
  try {
    await t.step("--record calls the provider and writes the row's cassette", async () => {
      const record = await run(
        dir,
        suiteYaml({ extra: "" }).replace(
          "matcher: { icontains: sacramento }\n",
          `matcher: { icontains: sacramento }${JUDGE}\n`,
        ),
        env,
        "record",
      );
      const row = record.tests[0]!;
      assert.equal(row.status, "pass", JSON.stringify(row));
      assert.equal(row.agent?.provider, "anthropic");
      assert.ok(row.agent!.costUsd! > 0);
      assert.ok(api.requests.length >= 3, "two agent turns and a judge call");
      const stored = asAgentCassette(JSON.parse(await Deno.readTextFile(cassette)));
      assert.equal(stored.model, "claude-sonnet-4-5");
      assert.equal(stored.prompt, "What is the weather in Sacramento?");
      assert.deepEqual(
        stored.exchanges.map((e) => e.model),
        ["claude-sonnet-4-5", "claude-sonnet-4-5", "claude-haiku-4-5"],
      );
    });
    await t.step("no API key ever reaches a cassette (agent or tool)", async () => {
      const files = await filesUnder(`${dir}/cassettes`);
      assert.ok(files.some((f) => f.endsWith("suite__weather.json")), files.join(","));
      for (const file of files) {
        const text = await Deno.readTextFile(file);
        for (const key of Object.values(FAKE_KEYS)) {
          assert.ok(!text.includes(key), `${key} in ${file}`);
        }
      }
    });
    await t.step("a plain run replays with no key, no model call, zero cost", async () => {
      const before = api.requests.length;
      const yaml = suiteYaml().replace(
        "matcher: { icontains: sacramento }\n",
        `matcher: { icontains: sacramento }${JUDGE}\n`,
      );
      const record = await run(dir, yaml, {}, "auto", { requireKeys: true });
      const row = record.tests[0]!;
      assert.equal(row.status, "pass", JSON.stringify(row));
      assert.equal(row.replayed, true);
      assert.equal(row.agent?.provider, "anthropic", "the recorded provider answered");
      assert.equal(row.agent?.costUsd, 0);
      assert.equal(record.cost?.totalUsd, 0);
      assert.equal(row.agent?.judges?.[0]?.provider, "anthropic");
      assert.equal(api.requests.length, before, "no request reached the model API");
      assert.equal(runExitCode(record), 0);
    });
    await t.step("a changed prompt is stale on field prompt before any matcher", async () => {
      const before = api.requests.length;
      const record = await run(
        dir,
        suiteYaml({ prompt: "Weather in Sacramento, please?" }),
        {},
        "auto",
      );
      const row = record.tests[0]!;
      assert.equal(row.status, "error");
      assert.deepEqual(row.assertions, [], "no matcher ran");
      assert.match(
        row.failure!.message,
        /^cassette stale on field prompt in test "weather query \[claude-sonnet-4-5\]": .*cassettes\/weather-query__claude-sonnet-4-5\.json recorded "What is the weather in Sacramento\?"; re-record with: mcptest run --record$/,
      );
      assert.equal(api.requests.length, before);
      assert.equal(runExitCode(record), 1);
    });
    await t.step("a changed model id (same file name) is stale on field model", async () => {
      const record = await run(dir, suiteYaml({ model: "claude-sonnet-4.5" }), {}, "auto");
      assert.equal(record.tests[0]!.status, "error");
      assert.match(record.tests[0]!.failure!.message, /^cassette stale on field model in test/);
    });
    await t.step("a changed system prompt is stale on field system", async () => {
      const record = await run(dir, suiteYaml({ extra: "    system: Be terse." }), {}, "auto");
      assert.match(record.tests[0]!.failure!.message, /^cassette stale on field system /);
    });
    await t.step("a changed judge rubric is stale on the judge call's field", async () => {
      const yaml = suiteYaml().replace(
        "matcher: { icontains: sacramento }\n",
        `matcher: { icontains: sacramento }${JUDGE.replace("Gives the", "Names the")}\n`,
      );
      const record = await run(dir, yaml, {}, "auto");
      const row = record.tests[0]!;
      assert.equal(row.status, "error");
      assert.match(
        row.failure!.message,
        /^cassette stale on field request\.messages\[0\]\.text in test .*call 1 to claude-haiku-4-5/,
      );
    });
    await t.step("a replayed row still fails a wrong expectation", async () => {
      const record = await run(
        dir,
        suiteYaml().replace("exact: get_weather", "exact: get_forecast"),
        {},
        "auto",
      );
      assert.equal(record.tests[0]!.status, "fail");
      assert.equal(record.tests[0]!.replayed, true);
    });
    await t.step("--live ignores the cassette (no key: the stub answers)", async () => {
      const record = await run(dir, suiteYaml(), {}, "live");
      assert.equal(record.tests[0]!.agent?.provider, "stub");
      assert.equal(record.tests[0]!.replayed, undefined);
    });
    await t.step("a cassette that is not JSON errors the row, naming the file", async () => {
      await Deno.writeTextFile(cassette, "{nope");
      const record = await run(dir, suiteYaml(), {}, "auto");
      assert.equal(record.tests[0]!.status, "error");
      assert.match(
        record.tests[0]!.failure!.message,
        /cassettes\/weather-query__claude-sonnet-4-5\.json: not valid JSON/,
      );
    });
    await t.step(
      "an eval's judges record to <eval>__judges.json and replay with no key",
      async () => {
        const evalYaml = (rubric: string) => `
servers:
  weather:
    command: ${SERVER}, "weather"]
evals:
  - name: forecast reads well
    server: weather
    tool: get_forecast
    args: { city: Sacramento }
    expect:
      - target: result.content[0].text
        matcher: { llm-judge: { rubric: "${rubric}", model: claude-haiku-4-5 } }
`;
        const recorded = await run(dir, evalYaml("A forecast"), env, "record");
        assert.equal(recorded.tests[0]!.status, "pass", JSON.stringify(recorded.tests[0]));
        const before = api.requests.length;
        const replayed = await run(dir, evalYaml("A forecast"), {}, "auto");
        const row = replayed.tests[0]!;
        assert.equal(row.status, "pass", JSON.stringify(row));
        assert.equal(row.replayed, true);
        assert.equal(row.agent?.judges?.[0]?.provider, "anthropic");
        assert.equal(api.requests.length, before);
        const stale = await run(dir, evalYaml("A long forecast"), {}, "auto");
        assert.equal(stale.tests[0]!.status, "error");
        assert.match(
          stale.tests[0]!.failure!.message,
          /^cassette stale on field request\.messages/,
        );
        await Deno.stat(`${dir}/cassettes/forecast-reads-well__judges.json`);
      },
    );
    await t.step("rows only the stub answered write no cassette", async () => {
      await Deno.remove(`${dir}/cassettes`, { recursive: true });
      const record = await run(dir, suiteYaml(), {}, "record");
      assert.equal(record.tests[0]!.agent?.provider, "stub");
      const files = await filesUnder(`${dir}/cassettes`).catch(() => []);
      assert.ok(!files.some((f) => f.includes("weather-query__")), files.join(","));
    });
  } finally {
    await api.close();
    await Deno.remove(dir, { recursive: true });
  }
});
