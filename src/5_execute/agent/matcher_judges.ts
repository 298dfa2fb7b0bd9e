/** @module The judges of `llm-judge` / `llm-jury` matchers in tools:, resources: and prompts: tests: the suite's judge models (resolved at LOAD) through the AI SDK, under the spend caps; never the stub. */

import type { Judge } from "../../1_matchers/types.ts";
import type { ModelRef } from "../../3_load/config/agent_types.ts";
import type { Suite, TestCase } from "../../3_load/config/types.ts";
import { aiSdkClient } from "./ai_sdk_client.ts";
import { judgeResponse, type Spent } from "./assertions.ts";
import { describeCall } from "./describe_call.ts";
import type { ModelClient } from "./model_client.ts";
import { SpendLedger } from "./spend.ts";

/** How matcher judges run. */
export interface MatcherJudgeOptions {
  /** `--max-cost` in USD. */
  readonly maxCostUsd?: number;
}

/**
 * The judge of each test: asks the judge models the suite resolved at LOAD (`suite.agent.judges`)
 * with the question the test's call stands for. A judge model whose API key is not set is an
 * error, never a stub verdict: the assertion errors naming the variable. Every test's judge
 * calls are checked against the suite's `budget:` and `--max-cost` (one ledger per run).
 */
export function matcherJudges(
  suite: Suite,
  options: MatcherJudgeOptions = {},
): (test: TestCase) => Judge {
  const judges = suite.agent?.judges ?? {};
  const ledger = new SpendLedger(suite.agent?.budget ?? {}, options.maxCostUsd);
  const clients = new Map<string, ModelClient>();
  const clientFor = (model: ModelRef): ModelClient => {
    if (!model.apiKey) {
      throw new Error(
        `${model.apiKeyEnv} is not set: the judge model ${model.label} needs its API key (a judge matcher never falls back to the stub)`,
      );
    }
    const key = `${model.provider}\u0000${model.id}`;
    let client = clients.get(key);
    if (!client) {
      client = aiSdkClient(model as ModelRef & { apiKey: string });
      clients.set(key, client);
    }
    return client;
  };
  return (test) => {
    // One test's spending, across its judge assertions (the per-test cap).
    const spent: Spent = { usd: 0, input: 0, output: 0, verdicts: [] };
    const access = { judges, clientFor, ledger, question: describeCall(test.call) };
    return async ({ spec, response }) => {
      const before = { input: spent.input, output: spent.output, usd: spent.usd };
      const outcome = await judgeResponse(spec, response, access, spent);
      const usd = spent.usd === null || before.usd === null ? null : spent.usd - before.usd;
      const usage = `judge usage: ${spent.input - before.input} input, ${
        spent.output - before.output
      } output tokens, ${usd === null ? "cost unknown (no price)" : `$${usd.toFixed(6)}`}`;
      return { ...outcome, message: `${outcome.message ?? ""}\n${usage}` };
    };
  };
}
