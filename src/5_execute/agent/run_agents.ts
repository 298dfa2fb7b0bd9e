/** @module EXECUTE for agents and evals: one row per (test, model), evals, drift rows; the run's model spending. */

import { dirname } from "../../0_base/util/path.ts";
import type { ServerSpec, Suite } from "../../3_load/config/types.ts";
import { TEST_TARGET_ROOTS } from "../../1_matchers/target_path.ts";
import type { MatchContext } from "../../1_matchers/types.ts";
import type {
  AgentRowInfo,
  AssertionResult,
  RunCost,
  TestResult,
} from "../../4_record/run_record.ts";
import { requestFor } from "../runner/call.ts";
import { responseRoot } from "../runner/response_root.ts";
import type { Session } from "../../2_connect/session/types.ts";
import { aiSdkClient } from "./ai_sdk_client.ts";
import { AGENT_TARGET_ROOTS, compileAssertions } from "../../3_load/config/agent_assertions.ts";
import { gradeAssertion, type JudgeAccess, type Spent } from "./assertions.ts";
import { listTools, mergeCatalog } from "./catalog.ts";
import { describeCall } from "./describe_call.ts";
import { driftRows } from "./drift.ts";
import { type AgentTrace, runAgentLoop } from "./loop.ts";
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
  const base = agentRowBase(test, model);
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
  if (!model.apiKey && ctx.requireKeys && cassette.kind !== "replay") {
    return errorRow(base, noKeyMessage(model), noTokens(model.label));
  }
  const client = cassette.clientFor(model);
  const sessions = new Map<string, Session>();
  try {
    const turns = await agentTurns(test, model, { ctx, client, sessions }, cassette.clientFor);
    if (turns.error === undefined) keepRecording(cassette, ctx);
    return { ...base, ...replayed, ...agentOutcome(turns, model, client, elapsed()) };
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

/** The fields of an agent row before it runs. */
function agentRowBase(test: AgentTest, model: ModelRef): RowBase {
  return {
    id: `${test.id} [${model.label}]`,
    name: `${test.name} [${model.label}]`,
    kind: "agent" as const,
    server: test.servers.map((s) => s.name).join(","),
    file: test.file,
    line: test.pos.line,
    col: test.pos.col,
    budgets: [],
  };
}

/** What one agent row's turns came to: its trace, graded assertions, spending and error. */
interface AgentTurns {
  readonly trace: AgentTrace;
  readonly assertions: AssertionResult[];
  readonly spent: Spent;
  readonly collisions: readonly string[];
  /** The loop's error, or a stale cassette's: the row is an error. */
  readonly error?: string;
}

/** Where an agent row runs: the run, its model client, and the sessions it opens (closed by the caller). */
interface AgentRowRun {
  readonly ctx: RowContext;
  readonly client: ModelClient;
  readonly sessions: Map<string, Session>;
}

/** Open the row's servers, run the agent loop over their tools, then grade its assertions. */
async function agentTurns(
  test: AgentTest,
  model: ModelRef,
  row: AgentRowRun,
  clientFor: (model: ModelRef) => ModelClient,
): Promise<AgentTurns> {
  const { ctx } = row;
  const { tools, collisions } = mergeCatalog(await listServerTools(test, ctx, row.sessions));
  const loop = await runAgentLoop({
    model,
    client: row.client,
    prompt: test.prompt,
    ...(test.system ? { system: test.system } : {}),
    catalog: tools,
    collisions,
    sessions: row.sessions,
    maxTurns: test.maxTurns,
    maxTokens: test.maxTokens,
    ledger: ctx.ledger,
  });
  const { trace } = loop;
  for (const call of trace.tool_calls) {
    const key = test.servers.find((s) => s.name === call.server)?.key;
    if (key) ctx.exercised.set(key, (ctx.exercised.get(key) ?? new Set()).add(call.name));
  }
  const spent: Spent = { usd: trace.cost_usd, input: 0, output: 0, verdicts: [] };
  const assertions = loop.error !== undefined ? [] : await gradeAll(test.assertions, trace, {
    roots: AGENT_TARGET_ROOTS,
    file: test.file,
    ctx,
    access: {
      judges: ctx.suite.agent!.judges,
      clientFor,
      ledger: ctx.ledger,
      question: test.prompt,
    },
    spent,
  });
  const error = loop.error ?? staleAssertion(assertions);
  return { trace, assertions, spent, collisions, ...(error !== undefined ? { error } : {}) };
}

/** Connect each server of the row (kept in `sessions`) and list its tools. */
async function listServerTools(
  test: AgentTest,
  ctx: RowContext,
  sessions: Map<string, Session>,
): Promise<Parameters<typeof mergeCatalog>[0]> {
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
  return listed;
}

/** The verdict, duration, assertions and spending of an agent row whose turns ran (in record order). */
function agentOutcome(
  turns: AgentTurns,
  model: ModelRef,
  client: ModelClient,
  durationMs: number,
): Omit<TestResult, keyof RowBase> {
  const { trace, spent, collisions } = turns;
  const input = trace.conversation.tokens.input + spent.input;
  const output = trace.conversation.tokens.output + spent.output;
  const failed = turns.assertions.some((a) => a.status !== "pass");
  return {
    status: turns.error !== undefined
      ? "error" as const
      : failed
      ? "fail" as const
      : "pass" as const,
    durationMs,
    assertions: turns.assertions,
    ...(turns.error !== undefined ? { failure: { message: turns.error } } : {}),
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
  const spent: Spent = { usd: 0, input: 0, output: 0, verdicts: [] };
  const question = test.prompt ?? describeCall(test.call);
  const cassette = await openCassette(ctx, {
    agent: test.name,
    rowName: test.name,
    model: { id: "judges", provider: "judges" },
    prompt: question,
    file: test.file,
    named: false,
  });
  if (cassette.kind === "error") return errorRow(base, cassette.message, evalInfo(spent));
  const replayed = cassette.kind === "replay" ? { replayed: true } : {};
  const missing = ctx.requireKeys && cassette.kind !== "replay"
    ? Object.values(ctx.suite.agent!.judges).find((m) => !m.apiKey)
    : undefined;
  if (missing) return errorRow(base, noKeyMessage(missing), evalInfo(spent));
  let session: Session | undefined;
  try {
    session = await ctx.connect(ctx.suite.servers[test.serverKey]!);
    const assertions = await gradeAll(test.assertions, await callOnce(session, test), {
      roots: TEST_TARGET_ROOTS,
      file: test.file,
      ctx,
      access: {
        judges: ctx.suite.agent!.judges,
        clientFor: cassette.clientFor,
        ledger: ctx.ledger,
        question,
      },
      spent,
    });
    const stale = staleAssertion(assertions);
    if (stale === undefined) keepRecording(cassette, ctx);
    const failed = assertions.some((a) => a.status !== "pass");
    return {
      ...base,
      ...replayed,
      status: stale !== undefined ? "error" : failed ? "fail" : "pass",
      durationMs: Math.round(performance.now() - started),
      assertions,
      ...(stale !== undefined ? { failure: { message: stale } } : {}),
      agent: evalInfo(spent),
    };
  } catch (error) {
    return {
      ...base,
      status: "error",
      durationMs: Math.round(performance.now() - started),
      assertions: [],
      failure: { message: error instanceof Error ? error.message : String(error) },
      agent: evalInfo(spent),
    };
  } finally {
    await session?.close();
  }
}

/** The eval's one call, answered: the root its assertions read. */
async function callOnce(session: Session, test: EvalTest): Promise<unknown> {
  const plan = requestFor(test.call);
  const exchange = await session.request(plan.method, plan.params);
  if (exchange.failure || !exchange.response) {
    throw new Error(exchange.failure?.message ?? "no response");
  }
  return responseRoot(exchange);
}

/** The spending of an eval row: its judges' providers, tokens and cost. */
function evalInfo(spent: Spent): AgentRowInfo {
  const providers = [...new Set(spent.verdicts.map((v) => v.provider))];
  return {
    ...(providers.length > 0 ? { provider: providers.join(",") } : {}),
    tokens: { input: spent.input, output: spent.output, total: spent.input + spent.output },
    costUsd: spent.usd,
    ...(spent.verdicts.length > 0 ? { judges: spent.verdicts } : {}),
  };
}

/** How a row's assertions are graded. */
interface Grading {
  /** The target roots the assertions may name. */
  readonly roots: Parameters<typeof compileAssertions>[1];
  /** The suite file (snapshots live beside it). */
  readonly file: string;
  readonly ctx: RowContext;
  readonly access: JudgeAccess;
  /** Judge spending, added to as judges answer. */
  readonly spent: Spent;
}

/** Grade every assertion of a row against `root`, in order. */
async function gradeAll(
  written: Parameters<typeof compileAssertions>[0],
  root: unknown,
  grading: Grading,
): Promise<AssertionResult[]> {
  const { compiled } = compileAssertions(written, grading.roots);
  const context = matchContext(grading.file, grading.ctx);
  const assertions: AssertionResult[] = [];
  for (const item of compiled) {
    assertions.push(await gradeAssertion(item, root, context, grading.access, grading.spent));
  }
  return assertions;
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

function matchContext(file: string, ctx: RowContext): MatchContext {
  return {
    suiteDir: dirname(file),
    updateSnapshots: ctx.updateSnapshots ?? false,
    ci: ctx.ci ?? false,
    secrets: ctx.suite.secrets,
  };
}
