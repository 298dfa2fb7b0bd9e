/** @module llm-judge and llm-jury: model-graded verdicts through the same providers, stub fallback and spend caps; never cached. */

import type { JudgeVerdict } from "../../4_record/run_record.ts";
import type { ModelClient } from "./model_client.ts";
import { costUsd } from "../../3_load/config/model_prices.ts";
import type { SpendLedger } from "./spend.ts";
import { words } from "./stub_client.ts";
import type { ModelRef } from "../../3_load/config/agent_types.ts";
import type { JurySpec } from "../../3_load/config/judge_spec.ts";

/** Ask one judge. Tokens and cost are returned so the row can add them up. */
export async function askJudge(
  input: {
    model: ModelRef;
    client: ModelClient;
    rubric: string;
    passThreshold: number;
    question: string;
    response: string;
    ledger: SpendLedger;
    spentUsd: number;
  },
): Promise<
  { verdict: JudgeVerdict; usage: { input: number; output: number }; usd: number | null }
> {
  const { model, client } = input;
  if (client.stub) {
    const verdict = stubVerdict(input.rubric, input.response, input.passThreshold);
    return {
      verdict: { model: model.label, provider: "stub", ...verdict },
      usage: { input: 0, output: 0 },
      usd: 0,
    };
  }
  const prompt = judgePrompt(input.question, input.response, input.rubric);
  // A judge replayed from a cassette costs nothing.
  const free = client.replayed === true;
  if (!free) input.ledger.beforeCall(model, input.spentUsd, Math.ceil(prompt.length / 4), 512);
  const reply = await client.turn({
    system: "You are a strict evaluator. Answer with one JSON object only.",
    messages: [{ role: "user", text: prompt }],
    tools: [],
    maxOutputTokens: 512,
  });
  const usd = free ? 0 : model.price ? costUsd(model.price, reply.usage) : null;
  if (usd !== null && !free) input.ledger.afterCall(usd);
  const parsed = parseVerdict(reply.text);
  return {
    verdict: { model: model.label, provider: client.provider, ...parsed },
    usage: reply.usage,
    usd,
  };
}

/** The judge's instructions. */
export function judgePrompt(question: string, response: string, rubric: string): string {
  return [
    "Grade the RESPONSE to the QUESTION against the RUBRIC.",
    `QUESTION:\n${question}`,
    `RESPONSE:\n${response}`,
    `RUBRIC:\n${rubric}`,
    'Reply with JSON only: {"verdict": "pass" | "fail", "score": <0..1>, "reasoning": "<one or two sentences>"}',
  ].join("\n\n");
}

/**
 * Read a judge's reply: the first JSON object in it. A reply that is not such an object is a
 * fail verdict with score 0 that says so (the judge did not follow the format).
 */
export function parseVerdict(text: string): Omit<JudgeVerdict, "model" | "provider"> {
  const start = text.indexOf("{");
  const end = text.lastIndexOf("}");
  try {
    const value = JSON.parse(text.slice(start, end + 1)) as Record<string, unknown>;
    const verdict = String(value.verdict ?? "").toLowerCase();
    const score = typeof value.score === "number" ? Math.min(1, Math.max(0, value.score)) : NaN;
    if ((verdict === "pass" || verdict === "fail") && !Number.isNaN(score)) {
      return { verdict, score, reasoning: String(value.reasoning ?? "") };
    }
  } catch {
    // fall through
  }
  return {
    verdict: "fail",
    score: 0,
    reasoning: `the judge's reply is not a {verdict, score, reasoning} object: ${
      text.slice(0, 200)
    }`,
  };
}

/**
 * The stub judge (no key): the share of the rubric's content words found in the response is the
 * score; pass at or above the threshold. Reproducible, and it can fail.
 */
export function stubVerdict(
  rubric: string,
  response: string,
  threshold: number,
): Omit<JudgeVerdict, "model" | "provider"> {
  const wanted = [...words(rubric)];
  const have = words(response);
  const hits = wanted.filter((w) => have.has(w));
  const score = wanted.length === 0 ? 1 : Math.round((hits.length / wanted.length) * 100) / 100;
  return {
    verdict: score >= threshold ? "pass" : "fail",
    score,
    reasoning: `stub judge: ${hits.length} of ${wanted.length} rubric words found in the response${
      hits.length > 0 ? ` (${hits.join(", ")})` : ""
    }`,
  };
}

/** A jury's verdict from its jurors'. */
export function aggregate(
  jury: Pick<JurySpec, "aggregation" | "passThreshold">,
  verdicts: readonly JudgeVerdict[],
): { pass: boolean; summary: string } {
  const passes =
    verdicts.filter((v) => v.verdict === "pass" && v.score >= jury.passThreshold).length;
  const mean = verdicts.reduce((n, v) => n + v.score, 0) / Math.max(1, verdicts.length);
  switch (jury.aggregation) {
    case "unanimous":
      return {
        pass: passes === verdicts.length,
        summary: `${passes}/${verdicts.length} jurors pass (unanimous)`,
      };
    case "mean":
      return {
        pass: mean >= jury.passThreshold,
        summary: `mean score ${mean.toFixed(2)} (threshold ${jury.passThreshold})`,
      };
    case "majority":
      return {
        pass: passes * 2 > verdicts.length,
        summary: `${passes}/${verdicts.length} jurors pass (majority)`,
      };
  }
}
