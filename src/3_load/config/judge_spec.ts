/** @module The `llm-judge:` and `llm-jury:` matcher arguments, read and checked at LOAD (defined with the matchers, src/1_matchers/judge_spec.ts). */

export {
  judgeKey,
  type JudgeSpec,
  type JurySpec,
  parseJudge,
} from "../../1_matchers/judge_spec.ts";
