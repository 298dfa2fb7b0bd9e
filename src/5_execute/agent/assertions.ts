/** @module Assertions of agent and eval rows: deterministic matchers through the matcher engine, llm-judge / llm-jury through the judges. */

import { McptestError } from "../../0_base/errors/errors.ts";
import { expectedOf, matchTarget } from "../../1_matchers/apply.ts";
import { resolveTarget } from "../../1_matchers/target_path.ts";
import type { MatchContext, MatchOutcome } from "../../1_matchers/types.ts";
import type { JudgeSpec, JurySpec } from "../../1_matchers/judge_spec.ts";
import { judgeExpected } from "../../1_matchers/llm_judge.ts";
import type { AssertionResult, JudgeVerdict } from "../../4_record/run_record.ts";
import { aggregate, askJudge } from "./judge.ts";
import { judgeKey } from "../../3_load/config/judge_spec.ts";
import type { CompiledAssertion } from "../../3_load/config/agent_assertions.ts";
import type { ModelClient } from "./model_client.ts";
import type { SpendLedger } from "./spend.ts";
import type { ModelRef } from "../../3_load/config/agent_types.ts";

/** What grading needs to reach the judges. */
export interface JudgeAccess {
  readonly judges: Readonly<Record<string, ModelRef>>;
  readonly clientFor: (model: ModelRef) => ModelClient;
  readonly ledger: SpendLedger;
  /** The question the graded response answers. */
  readonly question: string;
}

/** What a row spent on judges so far (a null cost: a model without a price). */
export interface Spent {
  usd: number | null;
  input: number;
  output: number;
  verdicts: JudgeVerdict[];
}

/** Where an assertion was written, as every result of it starts. */
type AssertionAt = Pick<AssertionResult, "target" | "matcher" | "line" | "col">;

/** Grade one compiled assertion; judge verdicts and usage are appended to `spent`. */
export async function gradeAssertion(
  item: CompiledAssertion,
  root: unknown,
  context: MatchContext,
  access: JudgeAccess,
  spent: Spent,
): Promise<AssertionResult> {
  const { assertion } = item;
  const at: AssertionAt = {
    target: assertion.target,
    matcher: assertion.matcher.name,
    line: assertion.pos.line,
    col: assertion.pos.col,
  };
  try {
    if (item.matcher) {
      const outcome = await matchTarget(item.matcher, root, item.target, context);
      return {
        ...at,
        status: outcome.pass ? "pass" : "fail",
        expected: outcome.expected,
        actual: outcome.actual,
        ...(outcome.message !== undefined ? { message: outcome.message } : {}),
      };
    }
    return await gradeByJudges(item, root, access, spent, at);
  } catch (error) {
    if (error instanceof McptestError && error.exitCode !== 1) throw error;
    return {
      ...at,
      status: "error",
      expected: item.matcher ? expectedOf(item.matcher) : item.judge!.rubric,
      actual: "",
      message: error instanceof Error ? error.message : String(error),
    };
  }
}

/** An `llm-judge` / `llm-jury` assertion: the target's text put to each judge, then the verdict. */
async function gradeByJudges(
  item: CompiledAssertion,
  root: unknown,
  access: JudgeAccess,
  spent: Spent,
  at: AssertionAt,
): Promise<AssertionResult> {
  const judge = item.judge!;
  const found = resolveTarget(root, item.target);
  if (!found.found) {
    return {
      ...at,
      status: "fail",
      expected: judge.rubric,
      actual: "(missing)",
      message: `${found.missingAt}: ${found.reason}`,
    };
  }
  const response = typeof found.value === "string" ? found.value : JSON.stringify(found.value);
  const outcome = await judgeResponse(judge, response, access, spent);
  return { ...at, status: outcome.pass ? "pass" : "fail", ...withoutPass(outcome) };
}

function withoutPass({ pass: _, ...rest }: MatchOutcome): Omit<MatchOutcome, "pass"> {
  return rest;
}

/**
 * The verdict of a judge (or jury) on a response: each judge asked in turn (their usage and
 * verdicts added to `spent`), the verdict with the judges' scores and reasoning in `message`.
 */
export async function judgeResponse(
  judge: JudgeSpec | JurySpec,
  response: string,
  access: JudgeAccess,
  spent: Spent,
): Promise<MatchOutcome> {
  const models = "model" in judge ? [judge.model] : judge.models;
  const verdicts = await askJudges(models, { judge, response, access, spent });
  const shown = (v: JudgeVerdict) =>
    `${v.model} (${v.provider}): ${v.verdict}, score ${v.score.toFixed(2)}: ${v.reasoning}`;
  const expected = judgeExpected(judge);
  if ("model" in judge) {
    const v = verdicts[0]!;
    const pass = v.verdict === "pass" && v.score >= judge.passThreshold;
    return {
      pass,
      expected,
      actual: `${v.verdict}, score ${v.score.toFixed(2)}`,
      message: shown(v),
    };
  }
  const { pass, summary } = aggregate(judge, verdicts);
  return { pass, expected, actual: summary, message: verdicts.map(shown).join("\n") };
}

/** Ask each judge model in turn; their usage and verdicts are added to `spent`. */
async function askJudges(
  models: readonly Parameters<typeof judgeKey>[0][],
  asking: {
    readonly judge: NonNullable<CompiledAssertion["judge"]>;
    readonly response: string;
    readonly access: JudgeAccess;
    readonly spent: Spent;
  },
): Promise<JudgeVerdict[]> {
  const { judge, access, spent } = asking;
  const verdicts: JudgeVerdict[] = [];
  for (const written of models) {
    const model = access.judges[judgeKey(written)];
    if (!model) throw new Error(`judge model ${judgeKey(written)} was not resolved at load`);
    const asked = await askJudge({
      model,
      client: access.clientFor(model),
      rubric: judge.rubric,
      passThreshold: judge.passThreshold,
      question: access.question,
      response: asking.response,
      ledger: access.ledger,
      spentUsd: spent.usd ?? 0,
    });
    verdicts.push(asked.verdict);
    spent.input += asked.usage.input;
    spent.output += asked.usage.output;
    spent.usd = spent.usd === null || asked.usd === null ? null : spent.usd + asked.usd;
  }
  spent.verdicts.push(...verdicts);
  return verdicts;
}
