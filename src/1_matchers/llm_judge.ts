/** @module `llm-judge` and `llm-jury`: model-graded matchers. The argument is checked at LOAD; at run time the run's judge (`context.judge`) asks the model(s) for the verdict. */

import { redactText } from "../0_base/redaction/redact.ts";
import { badArg, type MatcherFactory } from "./_factory.ts";
import { asText } from "./_values.ts";
import { type JudgeSpec, type JurySpec, parseJudge } from "./judge_spec.ts";
import type { Matcher } from "./types.ts";

/** What the matcher expects, as a line: the rubric and how it is scored. */
export function judgeExpected(spec: JudgeSpec | JurySpec): string {
  return "model" in spec
    ? `${spec.rubric} (score >= ${spec.passThreshold})`
    : `${spec.rubric} (${spec.aggregation}, threshold ${spec.passThreshold})`;
}

/** The matcher of a read judge argument. */
function judgeMatcher(name: string, spec: JudgeSpec | JurySpec): Matcher {
  return {
    name,
    expected: judgeExpected(spec),
    match: async (actual, context) => {
      if (!context.judge) {
        throw new Error(
          `${name} needs a model judge, and none is available here: it runs in tools:, resources:, prompts:, agents: and evals: tests of \`mcptest run\``,
        );
      }
      // The judged value goes to a third party: the run's secrets never do.
      const response = redactText(asText(actual), context.secrets ?? []);
      return await context.judge({ spec, response });
    },
  };
}

/** A factory reading `name`'s argument (a bad one is a positioned load error). */
function judgeFactory(name: string): MatcherFactory {
  return (arg, spec) => {
    try {
      return judgeMatcher(name, parseJudge(name, arg));
    } catch (error) {
      const message = (error as Error).message;
      throw badArg(spec, message.startsWith(`${name} `) ? message.slice(name.length + 1) : message);
    }
  };
}

/** `llm-judge: { rubric, model, pass_threshold? }`: one model grades the value against the rubric. */
export const llmJudge: MatcherFactory = judgeFactory("llm-judge");

/** `llm-jury: { rubric, models, aggregation?, pass_threshold? }`: several models grade it; their verdicts are aggregated. */
export const llmJury: MatcherFactory = judgeFactory("llm-jury");
