/** @module Plain data of agent tests, evals, model providers and spend caps, as LOAD produces them. */

import type { Assertion, SourcePos } from "./types.ts";

/** The provider families mcptest detects from a model id (seed 004 section 13), plus the stub. */
export type ProviderFamily = "anthropic" | "openai" | "google" | "mistral";

/** USD per million tokens. */
export interface ModelPrice {
  /** Input (prompt) tokens. */
  readonly inputUsdPerMtok: number;
  /** Output (completion) tokens. */
  readonly outputUsdPerMtok: number;
}

/** A model as a test names it, resolved to the provider that will answer. */
export interface ModelRef {
  /** The model id sent to the provider (`claude-sonnet-4-5`, `anthropic/claude-3.5-sonnet`). */
  readonly id: string;
  /** The provider name: a family (`anthropic`) or a named `providers:` entry (`openrouter`). */
  readonly provider: string;
  /** True when the model was given as `{provider, id}` (a named provider): it shows in cassette names. */
  readonly named: boolean;
  /** The wire format the provider speaks. */
  readonly family: ProviderFamily;
  /** Named `type: openai` providers speak Chat Completions; OpenAI itself the Responses API. */
  readonly api: "messages" | "responses" | "chat" | "generate-content";
  /** Base URL override (YAML `base_url`, or `MCPTEST_<FAMILY>_BASE_URL`); absent: the SDK's default. */
  readonly baseUrl?: string;
  /** The env var the key comes from. */
  readonly apiKeyEnv: string;
  /** The key, when the env var is set (a secret: redacted from every output). */
  readonly apiKey?: string;
  /** `OPENAI_ORG_ID` for OpenAI, when set. */
  readonly organization?: string;
  /** Price of this model (YAML override, else the shipped table); absent: unknown. */
  readonly price?: ModelPrice;
  /** Display label in rows: the id, or `provider/id` for a named provider. */
  readonly label: string;
}

/** An `agents:` test (one row per model). */
export interface AgentTest {
  /** Stable id: `<file>::agent::<name>`. */
  readonly id: string;
  /** Display name, as written. */
  readonly name: string;
  /** One entry for `model:`, several for `models:`. */
  readonly models: readonly ModelRef[];
  /** Whether the test used a `models:` matrix (drift is only judged for a matrix). */
  readonly matrix: boolean;
  /** ServerSpec keys of `servers:`, in order, with the names the trace shows. */
  readonly servers: ReadonlyArray<{ readonly key: string; readonly name: string }>;
  /** The user prompt. */
  readonly prompt: string;
  /** Optional system prompt. */
  readonly system?: string;
  /** Model turns before the loop stops (default 8). */
  readonly maxTurns: number;
  /** Output tokens per model call (default 1024): also the cost estimate before a call. */
  readonly maxTokens: number;
  /** Assertions on the conversation trace. */
  readonly assertions: readonly Assertion[];
  /** The test file (relative to the working directory). */
  readonly file: string;
  /** Where the test was declared. */
  readonly pos: SourcePos;
}

/** An `evals:` test: a tool, resource or prompt call graded by a model. */
export interface EvalTest {
  /** Stable id: `<file>::eval::<name>`. */
  readonly id: string;
  /** Display name. */
  readonly name: string;
  /** ServerSpec key. */
  readonly serverKey: string;
  /** Server name as written. */
  readonly serverName: string;
  /** The call it makes. */
  readonly call: import("./types.ts").Call;
  /** The question the response answers, given to the judge (default: a description of the call). */
  readonly prompt?: string;
  /** Assertions: deterministic matchers and `llm-judge` / `llm-jury`. */
  readonly assertions: readonly Assertion[];
  /** The test file. */
  readonly file: string;
  /** Where the test was declared. */
  readonly pos: SourcePos;
}

/** `budget:` of the suite (USD cents; absent: unbounded). */
export interface SpendCaps {
  /** `per_test_usd_cents`: the most one agent or eval row may spend. */
  readonly perTestUsdCents?: number;
  /** `per_suite_usd_cents`: the most the whole run may spend. */
  readonly perSuiteUsdCents?: number;
}

/** What LOAD produces for the agent feature. */
export interface AgentSuite {
  /** `agents:` tests in declaration order. */
  readonly agents: readonly AgentTest[];
  /** `evals:` tests in declaration order. */
  readonly evals: readonly EvalTest[];
  /** `budget:` (the first file that declares one wins; later ones are a load error). */
  readonly budget: SpendCaps;
  /**
   * Models resolvable by judges (`llm-judge.model`), keyed by the string written: resolved at LOAD
   * so a judge goes through the same providers, keys and prices.
   */
  readonly judges: Readonly<Record<string, ModelRef>>;
}
