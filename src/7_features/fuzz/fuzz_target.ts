/** @module Fuzzes one target with fast-check: rounds of generated cases, each finding shrunk to a minimal input with a bounded number of calls. */

import fc from "fast-check";
import { loadSha256, sha256Hex } from "../../0_base/util/sha256.ts";
import { classify, type Outcome } from "./classify.ts";
import type { Exchange } from "../../2_connect/session/types.ts";
import type { FuzzTarget } from "./targets.ts";
import type { Expectation, FuzzCase, FuzzFinding, FuzzFindingKind } from "./types.ts";
import { yamlTest } from "./yaml_test.ts";

/** How many calls shrinking may spend on one finding (a hang costs a whole timeout per call). */
export const SHRINK_CALLS: Readonly<Record<FuzzFindingKind, number>> = {
  crash: 40,
  timeout: 4,
  malformed_response: 100,
  internal_error: 100,
  accepted_invalid: 100,
  rejected_valid: 100,
};

/** Sends one request to the fuzzed server (the ServerPool; tests pass a scripted one). */
export interface CaseSender {
  /** Send, starting the server first when it is not running. @throws when it cannot start */
  request(method: string, params: Record<string, unknown>): Promise<Exchange>;
  /** Forget the session: the next request starts the server again. */
  drop(): Promise<void>;
}

/** What a target run needs besides the target. */
export interface TargetRunContext {
  readonly pool: CaseSender;
  readonly serverName: string;
  readonly seed: number;
  readonly runs: number;
  /** True once the time budget is spent: no new case is generated (a case is never judged by it). */
  readonly timeUp: () => boolean;
}

/** What one target gave. */
export interface TargetRun {
  readonly cases: number;
  readonly findings: FuzzFinding[];
  /** The server could not be (re)started: the message. */
  readonly error?: string;
}

/** The seed of one round of one target: derived from the run's seed, so `--tool` keeps it. */
export function roundSeed(seed: number, target: FuzzTarget, round: number): number {
  return parseInt(sha256Hex(`${seed}\0${target.kind}\0${target.name}\0${round}`).slice(0, 8), 16) |
    0;
}

const METHOD = { tool: "tools/call", prompt: "prompts/get", resource_template: "resources/read" };

function paramsOf(target: FuzzTarget, input: unknown): Record<string, unknown> {
  return target.kind === "resource_template"
    ? { uri: input }
    : { name: target.name, arguments: input };
}

function expectationOf(target: FuzzTarget, input: unknown): Expectation {
  if (!target.isValid) return "unspecified";
  return target.isValid(input) ? "valid" : "invalid";
}

/** Send one case and judge it; drop the session when the server closed or may still be busy. */
async function runCase(target: FuzzTarget, pool: CaseSender, c: FuzzCase): Promise<Outcome> {
  const exchange = await pool.request(METHOD[target.kind], paramsOf(target, c.input));
  const outcome = classify(target, exchange, expectationOf(target, c.input));
  if (outcome.restart) await pool.drop();
  return outcome;
}

/**
 * Fuzz `target`: a round runs fast-check until the first case of a kind not found yet, shrinks it
 * (at most {@link SHRINK_CALLS} calls) and records it; the next round (its own seed) hunts the
 * other kinds with the runs left. At most `runs` generated cases per target; a target that
 * hung is not fuzzed further once its timeout is shrunk.
 */
export async function fuzzTarget(target: FuzzTarget, ctx: TargetRunContext): Promise<TargetRun> {
  await loadSha256(); // each round's seed is hashed from the run's
  const found = new Set<FuzzFindingKind>();
  const findings: FuzzFinding[] = [];
  let runsLeft = ctx.runs;
  let cases = 0;
  for (let round = 0; runsLeft > 0 && !ctx.timeUp(); round++) {
    const state = {
      hunting: undefined as FuzzFindingKind | undefined,
      message: "",
      generated: 0,
      shrinkCalls: 0,
      error: undefined as string | undefined,
    };
    const property = fc.asyncProperty(target.cases, async (c: FuzzCase) => {
      if (state.error !== undefined) return true;
      if (state.hunting === undefined) {
        if (ctx.timeUp()) return true;
        state.generated++;
      } else if (state.shrinkCalls++ >= SHRINK_CALLS[state.hunting]) return true;
      let outcome: Outcome;
      try {
        cases++;
        outcome = await runCase(target, ctx.pool, c);
      } catch (error) {
        state.error = (error as Error).message;
        return true;
      }
      if (outcome.kind === undefined || found.has(outcome.kind)) return true;
      if (state.hunting !== undefined && outcome.kind !== state.hunting) return true;
      state.hunting = outcome.kind;
      state.message = outcome.message;
      return false;
    });
    const seed = roundSeed(ctx.seed, target, round);
    const details = await fc.check(property, { seed, numRuns: runsLeft });
    runsLeft -= state.generated;
    if (state.error !== undefined) return { cases, findings, error: state.error };
    if (!details.failed || state.hunting === undefined || !details.counterexample) break;
    const minimal = details.counterexample[0] as FuzzCase;
    const base = {
      kind: state.hunting,
      target: { kind: target.kind, name: target.name },
      input: minimal.input,
      expectation: expectationOf(target, minimal.input),
      seed: ctx.seed,
    };
    findings.push({
      ...base,
      strategy: minimal.strategy,
      message: state.message,
      shrinks: details.numShrinks,
      path: details.counterexamplePath ?? "",
      yaml: yamlTest(base, ctx.serverName, target.outputSchema),
    });
    found.add(state.hunting);
    // A target that hangs would spend a whole timeout on every later hang: it is done.
    if (state.hunting === "timeout") break;
  }
  return { cases, findings };
}
