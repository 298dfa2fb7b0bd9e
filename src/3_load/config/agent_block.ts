/** @module LOAD for the agent feature: `providers:`, `budget:`, `agents:` and `evals:` of every file, read block by block into one AgentSuite. */

import type { ConfigError } from "../../0_base/errors/errors.ts";
import {
  modelLookup,
  nothingFound,
  type Servers,
  type TestBlockContext,
} from "./agent_block_context.ts";
import { AGENT_TARGET_ROOTS, compileAssertions } from "./agent_assertions.ts";
import type { AgentSuite, AgentTest, EvalTest } from "./agent_types.ts";
import { readAgentTests } from "./agents_block.ts";
import { readBudget } from "./budget_block.ts";
import { readEvalTests } from "./evals_block.ts";
import { readProviders } from "./providers_block.ts";
import { TEST_TARGET_ROOTS } from "../../1_matchers/target_path.ts";
import { collectTestJudges } from "./judge_tests.ts";
import { modelLookupAt } from "./model_lookup.ts";
import type { DocumentView, TestCase } from "./types.ts";

/** The top-level keys of the agent feature. */
const AGENT_KEYS: readonly string[] = ["agents", "evals", "providers", "budget"];

/**
 * Parse the agent blocks of schema-valid documents. Models resolve here (provider, key, price),
 * so a missing key is known before any server starts; resolved keys join `secrets`.
 * @param env the environment keys and `MCPTEST_<FAMILY>_BASE_URL` come from
 * @param judged tests (tools:, resources:, prompts:) whose judge matchers name models to resolve
 */
export function loadAgents(
  docs: readonly DocumentView[],
  servers: Servers,
  env: Readonly<Record<string, string>>,
  judged: readonly TestCase[] = [],
): { suite?: AgentSuite; secrets: string[]; errors: ConfigError[] } {
  const used = docs.filter((doc) => AGENT_KEYS.some((key) => doc.value[key] !== undefined));
  const found = nothingFound();
  if (used.length === 0 && judged.length === 0) return found;
  const providers = readProviders(used, found);
  const budget = readBudget(used, found.errors);
  const lookup = modelLookup(found, providers, env);
  const context: TestBlockContext = { found, servers, lookup, judges: {}, ids: new Set() };
  const agents: AgentTest[] = [];
  const evals: EvalTest[] = [];
  for (const doc of used) {
    agents.push(...readAgentTests(doc, context));
    evals.push(...readEvalTests(doc, context));
  }
  collectTestJudges(judged, modelLookupAt(found, providers, env), context.judges);
  found.errors.push(...assertionErrors(agents, evals));
  return { suite: { agents, evals, budget, judges: context.judges }, ...found };
}

/** The problems of every test's assertions: targets against their roots, matchers, judge options. */
function assertionErrors(agents: readonly AgentTest[], evals: readonly EvalTest[]): ConfigError[] {
  return [
    ...agents.flatMap((test) => compileAssertions(test.assertions, AGENT_TARGET_ROOTS).errors),
    ...evals.flatMap((test) => compileAssertions(test.assertions, TEST_TARGET_ROOTS).errors),
  ];
}
