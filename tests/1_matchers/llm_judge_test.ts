/** @module `llm-judge` / `llm-jury` as matchers: the argument checked at load (positions, did-you-mean), the verdict asked of the injected judge, secrets kept from it, an error without one. */

import assert from "node:assert/strict";
import { ConfigError } from "../../src/0_base/errors/errors.ts";
import { matchTarget } from "../../src/1_matchers/apply.ts";
import { judgeSpecsOf, usesJudge } from "../../src/1_matchers/judge_spec.ts";
import { compileMatcher } from "../../src/1_matchers/registry.ts";
import { parseTarget } from "../../src/1_matchers/target_path.ts";
import type { Judge, JudgeRequest } from "../../src/1_matchers/types.ts";
import { check, compileError, POS } from "./_compile.ts";

/** A judge that passes a response mentioning "sunny" (the fake of a model; the real one is tested end to end). */
function fakeJudge(asked: JudgeRequest[] = []): Judge {
  return (request) => {
    asked.push(request);
    const pass = request.response.includes("sunny");
    return Promise.resolve({
      pass,
      expected: request.spec.rubric,
      actual: pass ? "pass, score 0.90" : "fail, score 0.10",
      message: pass ? "mentions the weather" : "says nothing about the weather",
    });
  };
}

const JUDGE = {
  "llm-judge": { rubric: "reports the weather", model: "anthropic/claude-opus-4-7" },
};

Deno.test("llm-judge: the judge's verdict is the matcher's, pass and fail", async () => {
  const asked: JudgeRequest[] = [];
  const judge = fakeJudge(asked);
  const good = await check(JUDGE, "It is sunny in Paris.", { judge });
  assert.equal(good.pass, true);
  assert.equal(good.message, "mentions the weather");
  const bad = await check(JUDGE, "I cannot help with that.", { judge });
  assert.equal(bad.pass, false);
  assert.equal(bad.actual, "fail, score 0.10");
  assert.deepEqual(asked[0]!.spec, {
    rubric: "reports the weather",
    model: "anthropic/claude-opus-4-7",
    passThreshold: 0.5,
  });
});

Deno.test("llm-jury: the spec reaches the judge with its defaults", async () => {
  const asked: JudgeRequest[] = [];
  const jury = { "llm-jury": { rubric: "r", models: ["claude-haiku-4-5", "gpt-5-mini"] } };
  await check(jury, { text: "sunny" }, { judge: fakeJudge(asked) });
  assert.deepEqual(asked[0]!.spec, {
    rubric: "r",
    models: ["claude-haiku-4-5", "gpt-5-mini"],
    aggregation: "majority",
    passThreshold: 0.5,
  });
  // Any target: a non-string value is judged as its JSON text.
  assert.equal(asked[0]!.response, '{"text":"sunny"}');
});

Deno.test("not: { llm-judge } inverts the judge's verdict", async () => {
  const outcome = await check({ not: JUDGE }, "sunny", { judge: fakeJudge() });
  assert.equal(outcome.pass, false);
  assert.match(outcome.expected, /^not /);
});

Deno.test("the run's secrets never reach the judge", async () => {
  const asked: JudgeRequest[] = [];
  await check(JUDGE, "sunny, token s3cr3t-value", {
    judge: fakeJudge(asked),
    secrets: ["s3cr3t-value"],
  });
  assert.ok(!asked[0]!.response.includes("s3cr3t-value"), asked[0]!.response);
  assert.match(asked[0]!.response, /sunny, token \[REDACTED\]/);
});

Deno.test("without a judge the matcher errors (never passes), naming what is missing", async () => {
  await assert.rejects(
    () => Promise.resolve(check(JUDGE, "sunny")),
    /llm-judge needs a model judge, and none is available here/,
  );
});

Deno.test("a missing target fails without asking the judge", async () => {
  const asked: JudgeRequest[] = [];
  const [name, arg] = Object.entries(JUDGE)[0]!;
  const matcher = compileMatcher({ name, arg, pos: POS });
  const outcome = await matchTarget(matcher, { result: {} }, parseTarget("result.text"), {
    suiteDir: ".",
    updateSnapshots: false,
    judge: fakeJudge(asked),
  });
  assert.equal(outcome.pass, false);
  assert.equal(outcome.actual, "(missing)");
  assert.equal(outcome.expected, "reports the weather (score >= 0.5)");
  assert.equal(asked.length, 0);
});

Deno.test("a bad judge argument is a positioned load error saying what was expected", () => {
  const cases: Array<[Record<string, unknown>, RegExp]> = [
    [
      { "llm-judge": { rubrik: "x", model: "gpt-5" } },
      /matcher "llm-judge": has unknown option "rubrik", expected: rubric, model, pass_threshold; did you mean "rubric"\?/,
    ],
    [{ "llm-judge": { rubric: "x" } }, /matcher "llm-judge": needs model:/],
    [{ "llm-judge": { model: "gpt-5" } }, /needs rubric:/],
    [{ "llm-judge": "be nice" }, /needs an object such as \{ rubric: "\.\.\.", model: \.\.\. \}/],
    [
      { "llm-judge": { rubric: "x", model: "gpt-5", pass_threshold: 1.5 } },
      /pass_threshold must be a number from 0 to 1/,
    ],
    [{ "llm-judge": { rubric: "x", model: 42 } }, /model 42: expected a model id/],
    [{ "llm-jury": { rubric: "x", models: [] } }, /needs models: \(a list of at least one model\)/],
    [
      { "llm-jury": { rubric: "x", models: ["gpt-5"], aggregation: "most" } },
      /aggregation must be majority, unanimous or mean, got "most"/,
    ],
    [
      { "llm-jury": { rubric: "x", model: "gpt-5" } },
      /unknown option "model", .*did you mean "models"\?/,
    ],
  ];
  for (const [matcher, expected] of cases) {
    assert.match(compileError(matcher), expected);
    const [name, arg] = Object.entries(matcher)[0]!;
    try {
      compileMatcher({ name, arg, pos: POS });
    } catch (error) {
      assert.ok(error instanceof ConfigError);
      assert.deepEqual(error.pos, POS);
      assert.match(error.message, /^suite\.yml:7:9: /);
    }
  }
});

Deno.test("good judge arguments compile, the seeds' provider/model id included", () => {
  for (
    const matcher of [
      JUDGE,
      { "llm-judge": { rubric: "x", model: { provider: "openrouter", id: "a/b" } } },
      {
        "llm-jury": {
          rubric: "x",
          models: ["anthropic/claude-opus-4-7", "gpt-5-mini"],
          aggregation: "mean",
          pass_threshold: 0.7,
        },
      },
    ]
  ) {
    const [name, arg] = Object.entries(matcher)[0]!;
    assert.equal(compileMatcher({ name, arg, pos: POS }).name, name);
  }
});

Deno.test("judgeSpecsOf() / usesJudge() find judge matchers, nested in not included", () => {
  const spec = (matcher: Record<string, unknown>) => {
    const [name, arg] = Object.entries(matcher)[0]!;
    return { name, arg };
  };
  assert.equal(judgeSpecsOf(spec(JUDGE)).length, 1);
  assert.equal(judgeSpecsOf(spec({ not: JUDGE })).length, 1);
  assert.equal(judgeSpecsOf(spec({ exact: 1 })).length, 0);
  assert.equal(usesJudge([{ matcher: spec({ regex: "a" }) }]), false);
  assert.equal(
    usesJudge([{ matcher: spec({ regex: "a" }) }, { matcher: spec({ not: JUDGE }) }]),
    true,
  );
});
