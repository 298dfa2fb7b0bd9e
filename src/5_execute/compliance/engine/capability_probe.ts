/** @module The `client_capability` probe: client capabilities (sampling, elicitation, roots) exercised for real, on one session that declares them all and one that declares none, calling the same safe tools; one outcome per capability rule. */

import type { ClientSpec } from "../../../2_connect/session/client_spec.ts";
import { NO_CLIENT } from "../../../2_connect/session/client_spec.ts";
import type { Session } from "../../../2_connect/session/types.ts";
import { listItems } from "../../../2_connect/session/list_items.ts";
import type { SafeTool } from "../../../3_load/config/safe_tool.ts";
import type { ProbeOutcome } from "./probe_root.ts";
import type { ClientCapability } from "./capability_words.ts";
import { defaultCallsHint, planToolCalls, type ToolCallPlan } from "./safe_tool_calls.ts";
import {
  callTools,
  drawnOn,
  observe,
  type RuleCalls,
  type SessionLog,
  type SessionObservation,
} from "./capability_calls.ts";

export type { ClientCapability } from "./capability_words.ts";
export type { SessionObservation } from "./capability_calls.ts";
export { countMethod, sessionRequests } from "./capability_calls.ts";

/** The server request each capability allows, and only it. */
export const CAPABILITY_METHODS: Readonly<Record<ClientCapability, string>> = {
  sampling: "sampling/createMessage",
  elicitation: "elicitation/create",
  roots: "roots/list",
};

/** The root a mcptest-scripted sampling reply carries (no model is ever asked). */
const SAMPLING_REPLY = {
  role: "assistant",
  content: { type: "text", text: "mcptest: a scripted reply" },
  model: "mcptest",
  stopReason: "endTurn",
};

/**
 * The client that declares `capability` and answers its requests itself: sampling with a scripted
 * message, elicitation with `decline` (valid for any requested schema), roots with one root.
 */
export function exercisingClient(capability: ClientCapability): ClientSpec {
  switch (capability) {
    case "sampling":
      return { capabilities: { sampling: {} }, sampling: [{ result: SAMPLING_REPLY }] };
    case "elicitation":
      return {
        capabilities: { elicitation: {} },
        elicitation: [{ result: { action: "decline" } }],
      };
    case "roots":
      return { capabilities: { roots: {} }, roots: [{ uri: "file:///mcptest", name: "mcptest" }] };
  }
}

/** The client that declares every one of `capabilities`, answering each as {@link exercisingClient}. */
export function declaringClient(capabilities: readonly ClientCapability[]): ClientSpec {
  return capabilities.map(exercisingClient).reduce<ClientSpec>((all, one) => ({
    ...all,
    ...one,
    capabilities: { ...all.capabilities, ...one.capabilities },
  }), NO_CLIENT);
}

/** How the probe reaches the server and what it may call. */
export interface CapabilityProbeOptions {
  /** Open a session to the server whose client is `client` (handshake done, revision pinned). */
  readonly open: (client: ClientSpec) => Promise<Session>;
  /** The tools named safe to call (none: the read-only tools that name the capability). */
  readonly safeTools: readonly SafeTool[];
  readonly timeoutMs: number;
  /**
   * Another probe that shares the declaring session: what its client declares besides the
   * capabilities, and what it runs there once the tools are listed, before any call (the MCP
   * Apps probe, see client_sessions.ts). Not run when that session does not open.
   */
  readonly alongside?: {
    readonly client: (client: ClientSpec) => ClientSpec;
    readonly run: (session: Session) => Promise<void>;
  };
}

/**
 * A rule's `undeclared` when the session declaring nothing is not opened: no rule had anything
 * to call on it or drew anything when declared. It could make no call either, so all it could
 * show is a request sent unprompted right after the handshake, which the declaring session just
 * showed this server does not send even to a client that declared the capability; the rules are
 * not verified either way, and a session costs a server start.
 */
const NOT_OPENED = {
  opened: false,
  server_requests: [],
  drawn: 0,
  tool_calls: [],
  answered: 0,
} as const;

const NO_CALLS: RuleCalls = { made: [], exchanges: [] };

/** Open a session, run `use`, close it; an open that fails is the probe's error. */
async function within<T>(
  open: () => Promise<Session>,
  what: string,
  use: (session: Session) => Promise<T>,
): Promise<T | { readonly error: string }> {
  let session: Session;
  try {
    session = await open();
  } catch (error) {
    return { error: `could not open a session ${what}: ${(error as Error).message}` };
  }
  try {
    return await use(session);
  } finally {
    await session.close();
  }
}

/** What the declaring session did for one capability rule. */
interface DeclaredRun {
  readonly capability: ClientCapability;
  readonly method: string;
  readonly plan: ToolCallPlan;
  readonly calls: RuleCalls;
  readonly seen: SessionObservation;
}

const where = (capability: ClientCapability) => `when the client declares ${capability}`;

/** `when the client declares a`, `... a and b`, `... a, b and c`. */
const whenDeclaring = (words: readonly string[]) =>
  `when the client declares ${
    words.length < 2 ? words.join("") : `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`
  }`;

/**
 * On the declaring session: list the tools once (then run the probe `alongside`, and call
 * `planned` with the plans), then for each capability in turn (the given order) call its planned
 * tools until one of them draws its method, or none when the server sent it unprompted before
 * the first call: the calls a rule makes are the ones it would make on a session of its own,
 * whatever the other rules drew. Each rule's observation is taken once every call is made.
 */
async function declaredRuns(
  session: Session,
  capabilities: readonly ClientCapability[],
  options: CapabilityProbeOptions,
  planned: (plans: readonly ToolCallPlan[]) => void,
): Promise<readonly DeclaredRun[] | { readonly error: string }> {
  const { timeoutMs } = options;
  const send = (params: Record<string, unknown>) =>
    session.request("tools/list", params, { timeoutMs });
  const fail = (message: string) => new Error(message);
  const tools = await listItems(send, "tools/list", "tools", { fail }).catch((e: Error) => e);
  await options.alongside?.run(session);
  if (tools instanceof Error) return { error: `${whenDeclaring(capabilities)}: ${tools.message}` };
  const plans = capabilities.map((c) => planToolCalls(tools, options.safeTools, where(c), c));
  planned(plans);
  const log: SessionLog = { session, exchanges: [] };
  await session.fence?.({ timeoutMs });
  const methods = capabilities.map((c) => CAPABILITY_METHODS[c]);
  const unprompted = methods.map((method) => drawnOn(log, method));
  const runs: Omit<DeclaredRun, "seen">[] = [];
  for (const [i, capability] of capabilities.entries()) {
    const method = methods[i]!;
    const plan = plans[i]!;
    const before = drawnOn(log, method);
    const stop = () => unprompted[i]! > 0 || drawnOn(log, method) > before;
    const calls = await callTools(log, "calls" in plan ? plan.calls : [], timeoutMs, stop);
    runs.push({ capability, method, plan, calls });
  }
  return runs.map((run) => ({ ...run, seen: observe(log, run.calls, run.method) }));
}

/** Whether a rule needs the session declaring nothing: it had a call to make, or drew its method. */
const needsUndeclared = (run: DeclaredRun) => !("none" in run.plan && run.seen.drawn === 0);

/**
 * On the session declaring nothing: each rule that needs it ({@link needsUndeclared}) makes the
 * calls it made when declared, with the same arguments, in rule order; a request for a method
 * there is a violation of its rule whichever call drew it.
 */
async function undeclaredRuns(
  session: Session,
  runs: readonly DeclaredRun[],
  timeoutMs: number,
): Promise<SessionObservation[]> {
  const log: SessionLog = { session, exchanges: [] };
  await session.fence?.({ timeoutMs });
  const own: RuleCalls[] = [];
  for (const run of runs) {
    own.push(
      needsUndeclared(run)
        ? await callTools(log, run.calls.made, timeoutMs, () => false)
        : NO_CALLS,
    );
  }
  return runs.map((run, i) => observe(log, own[i]!, run.method));
}

/** A rule's outcome from what both sessions showed it. */
function outcomeOf(
  run: DeclaredRun,
  undeclared: SessionObservation,
  options: CapabilityProbeOptions,
): ProbeOutcome {
  const { capability, method, seen, plan } = run;
  const root = {
    capability,
    method,
    declared: seen,
    undeclared,
    exercised: { tool_calls: undeclared.answered },
  };
  if (seen.drawn > 0) return { root };
  if ("none" in plan) return { root, unverified: plan.none };
  const called = seen.tool_calls.map((n) => JSON.stringify(n)).join(", ") || "none";
  const hint = options.safeTools.length === 0 ? defaultCallsHint(capability) : "";
  const unverified = `no tool safe to call drew ${method} ${where(capability)} ` +
    `(called: ${called}), so its absence without ${capability} proves nothing${hint}`;
  return { root, unverified };
}

/**
 * Run the probe of every capability rule of a run (`capabilities`, in rule order) on two shared
 * sessions: one declaring all of them ({@link declaringClient}), where the tools are listed once
 * and each rule calls its safe tools in turn until one draws its method ({@link planToolCalls}:
 * the tools named safe, else the read-only ones that name the capability); then one declaring
 * nothing, where each rule makes the same calls with the same arguments. The second is opened
 * only when a rule has a call to make or drew its method (else every `undeclared` is
 * {@link NOT_OPENED}); as soon as the plans show a call to make, so that it starts while the
 * first makes its calls. Requests are attributed by method: a rule's `drawn` counts its own
 * method on the whole session, whichever call drew it. One outcome per capability, in order.
 * Root: `declared` and `undeclared` ({@link SessionObservation}), `method`, `capability`, and
 * `exercised.tool_calls` (the rule's calls answered without the capability). `unverified` says
 * why the declared session drew nothing (a pass then proves nothing); `error` means a session
 * could not be opened or its tools listed (nothing judged).
 */
export async function runCapabilityProbes(
  capabilities: readonly ClientCapability[],
  options: CapabilityProbeOptions,
): Promise<ProbeOutcome[]> {
  let undeclared: Promise<Session> | undefined;
  const openUndeclared = () => undeclared ??= options.open(NO_CLIENT);
  const planned = (plans: readonly ToolCallPlan[]) => {
    if (plans.some((plan) => "calls" in plan)) openUndeclared().catch(() => {});
  };
  const client = declaringClient(capabilities);
  const runs = await within(
    () => options.open(options.alongside?.client(client) ?? client),
    whenDeclaring(capabilities),
    (session) => declaredRuns(session, capabilities, options, planned),
  ).catch((error: Error) => ({ error: `${whenDeclaring(capabilities)}: ${error.message}` }));
  if ("error" in runs) {
    await undeclared?.then((session) => session.close(), () => {});
    return capabilities.map(() => ({ root: {}, error: runs.error }));
  }
  const seen = runs.some(needsUndeclared)
    ? await within(
      openUndeclared,
      "declaring no capability",
      (session) => undeclaredRuns(session, runs, options.timeoutMs),
    )
    : runs.map(() => NOT_OPENED);
  return runs.map((run, i) => {
    if (!("error" in seen)) return outcomeOf(run, seen[i]!, options);
    return needsUndeclared(run)
      ? { root: {}, error: seen.error }
      : outcomeOf(run, NOT_OPENED, options);
  });
}

/** The probe of one capability rule on sessions of its own (see {@link runCapabilityProbes}). */
export async function runCapabilityProbe(
  capability: ClientCapability,
  options: CapabilityProbeOptions,
): Promise<ProbeOutcome> {
  return (await runCapabilityProbes([capability], options))[0]!;
}
