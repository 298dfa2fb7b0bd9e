/** @module llm-judge / llm-jury as matchers of tool, resource and prompt tests, end to end: a real MCP server, judges on a fake model API (127.0.0.1) in the providers' wire formats. */

import assert from "node:assert/strict";
import { loadSuite } from "../../../src/3_load/config/load_suite.ts";
import { runSuite } from "../../../src/5_execute/suite/run_suite.ts";
import { runExitCode } from "../../../src/4_record/exit_code.ts";
import type { RunRecord } from "../../../src/4_record/run_record.ts";
import { ROOT } from "../../_helpers/cli.ts";
import { FAKE_KEYS } from "../../fixtures/agent/autopilot.ts";
import { startFakeModelApi } from "../../fixtures/agent/fake_model_api.ts";
import { rubricJudge } from "../../fixtures/agent/rubric_judge.ts";

const EVERYTHING = `servers:
  everything:
    command: ["deno", "run", "--quiet", "-A", "--no-config", "--no-lock",
      "npm:@modelcontextprotocol/server-everything@2026.8.31", "stdio"]
    timeout_ms: 60000
`;

async function run(dir: string, file: string, env: Record<string, string>): Promise<RunRecord> {
  const suite = await loadSuite({ paths: [file], cwd: dir, env });
  return await runSuite(suite, { cwd: dir, ci: false, cassettes: "live" });
}

async function runYaml(yaml: string, env: Record<string, string>): Promise<RunRecord> {
  const dir = await Deno.makeTempDir({ prefix: "mcptest-judge-" });
  try {
    await Deno.writeTextFile(`${dir}/suite.yml`, yaml);
    return await run(dir, "suite.yml", env);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

const echo = (name: string, message: string, matcher: string) => `
  - name: ${name}
    tool: echo
    args: { message: "${message}" }
    expect:
      - target: result.content[0].text
        matcher: ${matcher}`;

Deno.test("judge matchers against a fake model API: pass, fail, a jury's majority and unanimity", async (t) => {
  const api = startFakeModelApi({ responder: rubricJudge });
  const env = {
    ANTHROPIC_API_KEY: FAKE_KEYS.ANTHROPIC_API_KEY,
    OPENAI_API_KEY: FAKE_KEYS.OPENAI_API_KEY,
    MCPTEST_ANTHROPIC_BASE_URL: api.baseUrl("anthropic"),
    MCPTEST_OPENAI_BASE_URL: api.baseUrl("openai"),
  };
  try {
    await t.step(
      "the example suite passes: a tool text, a resource's contents, prompt messages",
      async () => {
        const record = await run(ROOT, "examples/llm-judge-matchers.yml", env);
        assert.deepEqual(
          record.tests.map((r) => [r.name, r.status]),
          [
            ["echo reports the weather", "pass"],
            ["the text resource describes itself", "pass"],
            ["the prompt asks about the city", "pass"],
          ],
          JSON.stringify(record.tests, null, 1),
        );
        const judged = record.tests[0]!.assertions.at(-1)!;
        assert.equal(judged.matcher, "llm-judge");
        assert.equal(judged.actual, "pass, score 0.90");
        assert.match(
          judged.message!,
          /claude-opus-4-7 \(anthropic\): pass, score 0\.90: the response mentions "sunny"/,
        );
        // 120 input tokens at $15 and 30 output tokens at $75 per million (claude-opus-4-7).
        assert.match(judged.message!, /judge usage: 120 input, 30 output tokens, \$0\.004050/);
        // The judge saw the call as the question and the tool's text as the response.
        const first = api.requests.find((r) => r.allText.includes("sunny"))!;
        assert.equal(first.family, "anthropic");
        assert.equal(first.model, "claude-opus-4-7");
        assert.match(
          first.allText,
          /QUESTION:\nCall the tool echo with \{"message":"It is sunny in Paris today\."\}/,
        );
        assert.deepEqual(first.credential, {
          header: "x-api-key",
          value: FAKE_KEYS.ANTHROPIC_API_KEY,
        });
        assert.ok(api.requests.some((r) => r.family === "openai" && r.model === "gpt-5-mini"));
        assert.ok(!JSON.stringify(record).includes(FAKE_KEYS.ANTHROPIC_API_KEY), "a key leaked");
        assert.equal(runExitCode(record), 0);
      },
    );
    await t.step(
      "the judge fails a response that misses the rubric; majority and unanimous juries",
      async () => {
        const judge = (word: string) =>
          `{ llm-judge: { rubric: 'mentions "${word}"', model: claude-haiku-4-5 } }`;
        const jury = (aggregation: string) =>
          `{ llm-jury: { rubric: 'mentions "sunny"', models: [claude-haiku-4-5, gpt-5-mini, gpt-dissent-1], aggregation: ${aggregation} } }`;
        const record = await runYaml(
          `${EVERYTHING}tools:${echo("sunny passes", "sunny skies", judge("sunny"))}${
            echo("rainy fails", "sunny skies", judge("rainy"))
          }${echo("majority passes", "sunny skies", jury("majority"))}${
            echo("unanimous fails", "sunny skies", jury("unanimous"))
          }${echo("not inverts", "sunny skies", `{ not: ${judge("rainy")} }`)}\n`,
          env,
        );
        assert.deepEqual(record.tests.map((r) => [r.name, r.status]), [
          ["sunny passes", "pass"],
          ["rainy fails", "fail"],
          ["majority passes", "pass"],
          ["unanimous fails", "fail"],
          ["not inverts", "pass"],
        ]);
        const failed = record.tests[1]!.assertions.at(-1)!;
        assert.equal(failed.status, "fail");
        assert.equal(failed.expected, 'mentions "rainy" (score >= 0.5)');
        assert.equal(failed.actual, "fail, score 0.10");
        assert.match(failed.message!, /does not mention "rainy"/);
        assert.equal(record.tests[2]!.assertions.at(-1)!.actual, "2/3 jurors pass (majority)");
        assert.equal(record.tests[3]!.assertions.at(-1)!.actual, "2/3 jurors pass (unanimous)");
        assert.match(
          record.tests[3]!.assertions.at(-1)!.message!,
          /gpt-dissent-1 \(openai\): fail/,
        );
        assert.equal(runExitCode(record), 1);
      },
    );
  } finally {
    await api.close();
  }
});

Deno.test("a judge matcher without its API key errors (never passes, never the stub)", async () => {
  const record = await runYaml(
    `${EVERYTHING}tools:${
      echo(
        "no key",
        "sunny",
        `{ llm-judge: { rubric: 'mentions "sunny"', model: anthropic/claude-opus-4-7 } }`,
      )
    }\n`,
    {},
  );
  const row = record.tests[0]!;
  assert.notEqual(row.status, "pass");
  const judged = row.assertions.at(-1)!;
  assert.equal(judged.status, "error");
  assert.match(
    judged.message!,
    /ANTHROPIC_API_KEY is not set: the judge model claude-opus-4-7 needs its API key/,
  );
  assert.equal(runExitCode(record), 1);
});
