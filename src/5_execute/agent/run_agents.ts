/** @module EXECUTE for agents and evals: one row per (test, model), evals, drift rows; the run's model spending. */

import { dirname } from "node:path";
import type { ServerSpec, Suite } from "../../3_load/config/types.ts";
import { TEST_TARGET_ROOTS } from "../../1_matchers/target_path.ts";
import type { MatchContext } from "../../1_matchers/types.ts";
import type {
  AgentRowInfo,
  AssertionResult,
  JudgeVerdict,
  RunCost,
  TestResult,
} from "../../4_record/run_record.ts";
import { requestFor } from "../runner/call.ts";
import { responseRoot } from "../runner/response_root.ts";
import type { Session } from "../../2_connect/session/types.ts";
import { aiSdkClient } from "./ai_sdk_client.ts";
import { AGENT_TARGET_ROOTS, compileAssertions } from "../../3_load/config/agent_assertions.ts";
import { gradeAssertion, type JudgeAccess } from "./assertions.ts";
import { listTools, mergeCatalog } from "./catalog.ts";
import { driftRows } from "./drift.ts";
import { runAgentLoop } from "./loop.ts";
import type { ModelClient } from "./model_client.ts";
import { SpendLedger } from "./spend.ts";
import { stubClient } from "./stub_client.ts";
import {
  type AgentCassetteOptions,
  type RowCassette,
  rowCassette,
  writeRowCassettes,
} from "./row_cassette.ts";
import type { AgentCassette } from "../../2_connect/cassette/agent_format.ts";
import type { AgentTest, EvalTest, ModelRef } from "../../3_load/config/agent_types.ts";

/** How agent and eval rows run. */
export interface RunAgentsOptions {
  /** Opens a session (the same opener the suite's other tests use: live, cassette replay, auth). */
  readonly connect: (server: ServerSpec) => Promise<Session>;
  /** Keeps a row when it returns true (`--filter`). */
  readonly select?: (name: string) => boolean;
  /** `--require-keys`: a missing API key fails the row instead of falling back to the stub. */
  readonly requireKeys?: boolean;
  /** `--max-cost` in USD. */
  readonly maxCostUsd?: number;
  /** Under CI=true (snapshot writes refused). */
  readonly ci?: boolean;
  readonly updateSnapshots?: boolean;
  /** Called as each row finishes. */
  readonly onResult?: (result: TestResult) => void;
  /** Agent cassettes (docs/agents.md); absent: every row runs live (or on the stub). */
  readonly cassettes?: Omit<AgentCassetteOptions, "secrets">;
}

/** Run the suite's agent tests and evals (one at a time: model APIs rate-limit). */
export async function runAgents(
  suite: Suite,
  options: RunAgentsOptions,
): Promise<{ tests: TestResult[]; cost: RunCost; exercised: Map<string, Set<string>> }> {
  const agent = suite.agent;
  const exercised = new Map<string, Set<string>>();
  if (!agent) return { tests: [], cost: { totalUsd: 0 }, exercised };
  const ledger = new SpendLedger(agent.budget, options.maxCostUsd);
  const keep = options.select ?? (() => true);
  const clients = new Map<string, ModelClient>();
  const clientFor = (model: ModelRef): ModelClient => {
    const key = `${model.provider}\u0000${model.id}`;
    let client = clients.get(key);
    if (!client) {
      client = model.apiKey ? aiSdkClient(model as ModelRef & { apiKey: string }) : stubClient();
      clients.set(key, client);
    }
    return client;
  };
  const tests: TestResult[] = [];
  const push = (row: TestResult) => {
    tests.push(row);
    options.onResult?.(row);
  };
  const agentRows: Array<{ test: AgentTest; row: TestResult }> = [];
  const recorded: Array<{ path: string; cassette: AgentCassette }> = [];
  for (const test of agent.agents) {
    for (const model of test.models) {
      const name = `${test.name} [${model.label}]`;
      if (!keep(name)) continue;
      const row = await runAgentRow(test, model, {
        ...options,
        suite,
        ledger,
        clientFor,
        exercised,
        recorded,
      });
      agentRows.push({ test, row });
      push(row);
    }
  }
  for (const test of agent.evals) {
    if (!keep(test.name)) continue;
    push(await runEvalRow(test, { ...options, suite, ledger, clientFor, exercised, recorded }));
  }
  // Written once every row finished (an interrupted recording writes nothing).
  await writeRowCassettes(recorded, suite.secrets);
  for (const row of driftRows(agentRows)) push(row);
  const cost: RunCost = {
    totalUsd: ledger.suiteUsd,
    ...(ledger.tripped ? { capTripped: ledger.tripped.cap } : {}),
  };
  return { tests, cost, exercised };
}

interface RowContext extends RunAgentsOptions {
  readonly suite: Suite;
  readonly ledger: SpendLedger;
  readonly clientFor: (model: ModelRef) => ModelClient;
  /** Tool names each server was called with (for coverage), by server key. */
  readonly exercised: Map<string, Set<string>>;
  /** Cassettes this `--record` run will write. */
  readonly recorded: Array<{ path: string; cassette: AgentCassette }>;
}

/** The clients of a row under the run's cassette mode. */
function openCassette(
  ctx: RowContext,
  row: Parameters<typeof rowCassette>[0],
) {
  if (!ctx.cassettes) return Promise.resolve({ kind: "live" as const, clientFor: ctx.clientFor });
  return rowCassette(row, ctx.clientFor, { ...ctx.cassettes, secrets: ctx.suite.secrets });
}

/** Under `--record`, queue the cassette of a row that ran clean for writing at the end of the run. */
function keepRecording(cassette: RowCassette, ctx: RowContext): void {
  if (cassette.kind !== "record") return;
  const written = cassette.finish();
  if (written) ctx.recorded.push(written);
}

/** A row whose model calls hit a stale cassette is an error, not a failed matcher. */
function staleAssertion(assertions: readonly AssertionResult[]): string | undefined {
  return assertions.find((a) => a.message?.startsWith("cassette stale on field"))?.message;
}

async function runAgentRow(test: AgentTest, model: ModelRef, ctx: RowContext): Promise<TestResult> {
  const started = performance.now();
  const base = {
    id: `${test.id} [${model.label}]`,
    name: `${test.name} [${model.label}]`,
    kind: "agent" as const,
    server: test.servers.map((s) => s.name).join(","),
    file: test.file,
    line: test.pos.line,
    col: test.pos.col,
    budgets: [],
  };
  const elapsed = () => Math.round(performance.now() - started);
  const cassette = await openCassette(ctx, {
    agent: test.name,
    rowName: base.name,
    model,
    prompt: test.prompt,
    ...(test.system !== undefined ? { system: test.system } : {}),
    file: test.file,
    named: model.named,
  });
  if (cassette.kind === "error") {
    return errorRow(base, cassette.message, noTokens(model.label));
  }
  const replayed = cassette.kind === "replay" ? { replayed: true } : {};
  const clientFor = cassette.clientFor;
  if (!model.apiKey && ctx.requireKeys && cassette.kind !== "replay") {
    return errorRow(base, noKeyMessage(model), noTokens(model.label));
  }
  const client = clientFor(model);
  const sessions = new Map<string, Session>();
  try {
    const listed = [];
    for (const server of test.servers) {
      const spec = ctx.suite.servers[server.key]!;
      let session: Session;
      try {
        session = await ctx.connect(spec);
      } catch (error) {
        throw new Error(`server "${server.name}": ${(error as Error).message}`);
      }
      sessions.set(server.key, session);
      listed.push({ name: server.name, key: server.key, tools: await listTools(session) });
    }
    const { tools, collisions } = mergeCatalog(listed);
    const loop = await runAgentLoop({
      model,
      client,
      prompt: test.prompt,
      ...(test.system ? { system: test.system } : {}),
      catalog: tools,
      collisions,
      sessions,
      maxTurns: test.maxTurns,
      maxTokens: test.maxTokens,
      ledger: ctx.ledger,
    });
    const { trace } = loop;
    for (const call of trace.tool_calls) {
      const key = test.servers.find((s) => s.name === call.server)?.key;
      if (key) ctx.exercised.set(key, (ctx.exercised.get(key) ?? new Set()).add(call.name));
    }
    const spent = { usd: trace.cost_usd, input: 0, output: 0, verdicts: [] as JudgeVerdict[] };
    const assertions: AssertionResult[] = [];
    if (loop.error === undefined) {
      const { compiled } = compileAssertions(test.assertions, AGENT_TARGET_ROOTS);
      const access: JudgeAccess = {
        judges: ctx.suite.agent!.judges,
        clientFor,
        ledger: ctx.ledger,
        question: test.prompt,
      };
      for (const item of compiled) {
        assertions.push(
          await gradeAssertion(item, trace, matchContext(test.file, ctx), access, spent),
        );
      }
    }
    const input = trace.conversation.tokens.input + spent.input;
    const output = trace.conversation.tokens.output + spent.output;
    const failed = assertions.some((a) => a.status !== "pass");
    const error = loop.error ?? staleAssertion(assertions);
    if (error === undefined) keepRecording(cassette, ctx);
    return {
      ...base,
      ...replayed,
      status: error !== undefined ? "error" : failed ? "fail" : "pass",
      durationMs: elapsed(),
      assertions,
      ...(error !== undefined ? { failure: { message: error } } : {}),
      agent: {
        model: model.label,
        provider: client.provider,
        tokens: { input, output, total: input + output },
        costUsd: spent.usd,
        turns: trace.turns,
        stopReason: trace.stop_reason,
        ...(collisions.length > 0 ? { collisions } : {}),
        ...(spent.verdicts.length > 0 ? { judges: spent.verdicts } : {}),
      },
    };
  } catch (error) {
    return {
      ...base,
      ...replayed,
      status: "error",
      durationMs: elapsed(),
      assertions: [],
      failure: { message: error instanceof Error ? error.message : String(error) },
      agent: { ...noTokens(model.label), provider: client.provider },
    };
  } finally {
    for (const session of sessions.values()) await session.close();
  }
}

async function runEvalRow(test: EvalTest, ctx: RowContext): Promise<TestResult> {
  const started = performance.now();
  const base = {
    id: test.id,
    name: test.name,
    kind: "eval" as const,
    server: test.serverName,
    file: test.file,
    line: test.pos.line,
    col: test.pos.col,
    budgets: [],
  };
  const spent = { usd: 0 as number | null, input: 0, output: 0, verdicts: [] as JudgeVerdict[] };
  const info = () => {
    const providers = [...new Set(spent.verdicts.map((v) => v.provider))];
    return {
      ...(providers.length > 0 ? { provider: providers.join(",") } : {}),
      tokens: { input: spent.input, output: spent.output, total: spent.input + spent.output },
      costUsd: spent.usd,
      ...(spent.verdicts.length > 0 ? { judges: spent.verdicts } : {}),
    };
  };
  const question = test.prompt ?? describeCall(test);
  const cassette = await openCassette(ctx, {
    agent: test.name,
    rowName: test.name,
    model: { id: "judges", provider: "judges" },
    prompt: question,
    file: test.file,
    named: false,
  });
  if (cassette.kind === "error") {
    return errorRow(base, cassette.message, info());
  }
  const replayed = cassette.kind === "replay" ? { replayed: true } : {};
  const missing = ctx.requireKeys && cassette.kind !== "replay"
    ? Object.values(ctx.suite.agent!.judges).find((m) => !m.apiKey)
    : undefined;
  if (missing) {
    return errorRow(base, noKeyMessage(missing), info());
  }
  let session: Session | undefined;
  try {
    session = await ctx.connect(ctx.suite.servers[test.serverKey]!);
    const plan = requestFor(test.call);
    const exchange = await session.request(plan.method, plan.params);
    if (exchange.failure || !exchange.response) {
      throw new Error(exchange.failure?.message ?? "no response");
    }
    const root = responseRoot(exchange);
    const { compiled } = compileAssertions(test.assertions, TEST_TARGET_ROOTS);
    const access: JudgeAccess = {
      judges: ctx.suite.agent!.judges,
      clientFor: cassette.clientFor,
      ledger: ctx.ledger,
      question,
    };
    const assertions: AssertionResult[] = [];
    for (const item of compiled) {
      assertions.push(
        await gradeAssertion(item, root, matchContext(test.file, ctx), access, spent),
      );
    }
    const stale = staleAssertion(assertions);
    if (stale === undefined) keepRecording(cassette, ctx);
    return {
      ...base,
      ...replayed,
      status: stale !== undefined
        ? "error"
        : assertions.some((a) => a.status !== "pass")
        ? "fail"
        : "pass",
      durationMs: Math.round(performance.now() - started),
      assertions,
      ...(stale !== undefined ? { failure: { message: stale } } : {}),
      agent: info(),
    };
  } catch (error) {
    return {
      ...base,
      status: "error",
      durationMs: Math.round(performance.now() - started),
      assertions: [],
      failure: { message: error instanceof Error ? error.message : String(error) },
      agent: info(),
    };
  } finally {
    await session?.close();
  }
}

/** The fields a row has before it runs. */
type RowBase = Pick<
  TestResult,
  "id" | "name" | "kind" | "server" | "file" | "line" | "col" | "budgets"
>;

/** A row refused before it ran (no cassette, no key): an error that took no time. */
function errorRow(base: RowBase, message: string, agent: AgentRowInfo): TestResult {
  return { ...base, status: "error", durationMs: 0, assertions: [], failure: { message }, agent };
}

/** The spending of an agent row that never reached a provider. */
function noTokens(model: string): AgentRowInfo {
  return { model, provider: "none", tokens: { input: 0, output: 0, total: 0 }, costUsd: 0 };
}

/** The `--require-keys` refusal for a model without its API key. */
function noKeyMessage(model: ModelRef): string {
  return `${model.apiKeyEnv} is not set and --require-keys forbids the stub provider for ${model.label}`;
}

function describeCall(test: EvalTest): string {
  const call = test.call;
  if (call.kind === "tool") return `Call the tool ${call.tool} with ${JSON.stringify(call.args)}.`;
  if (call.kind === "resource") return `Read the resource ${call.uri}.`;
  if (call.kind === "prompt") {
    return `Get the prompt ${call.prompt} with ${JSON.stringify(call.args)}.`;
  }
  return `List the server's ${call.list}.`;
}

function matchContext(file: string, ctx: RowContext): MatchContext {
  return {
    suiteDir: dirname(file),
    updateSnapshots: ctx.updateSnapshots ?? false,
    ci: ctx.ci ?? false,
    secrets: ctx.suite.secrets,
  };
}
