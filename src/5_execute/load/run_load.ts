/**
 * @module One test run under load (docs/load.md): warm-up, then `repeat` calls (or calls for a
 * `duration`) with `concurrency` in flight, every response graded by the test's matchers, the
 * latencies in a histogram, the load budgets judged on the distribution.
 *
 * Connections: over stdio the calls are pipelined on the run's one server process (the session
 * correlates answers by id), so a server that mishandles overlapping calls is caught; over HTTP
 * each worker gets its own session (the run's, plus `concurrency - 1` opened for the test).
 */

import type { Session } from "../../2_connect/session/types.ts";
import type { LoadSpec } from "../../3_load/config/load_block.ts";
import type { TestResult } from "../../4_record/run_record.ts";
import type { LoadStats } from "../../4_record/load_stats.ts";
import { baseResult, type ExecuteOptions, executeTest } from "../runner/execute_test.ts";
import { compiledOnce, type PreparedTest } from "../runner/prepare.ts";
import { LatencyRecorder } from "./histogram.ts";
import { evaluateLoadBudgets } from "./load_budgets.ts";

/** Calls in a row without an answer after which a worker stops (the server closed or hangs). */
const STOP_AFTER = 10;

/** What a load run needs beyond one test's options. */
export interface LoadOptions extends ExecuteOptions {
  /** Opens one more session to the test's server (used over HTTP: one session per worker). */
  readonly openSession?: () => Promise<Session>;
  /** Waits this many milliseconds (the ramp); default a timer. */
  readonly sleep?: (ms: number) => Promise<void>;
}

/** The outcome of the calls of one phase. */
interface Phase {
  /** The first failing call's result, if any; else the last result. */
  representative?: TestResult;
  elapsedMs: number;
}

/** Run `prepared` under `spec` and return one result with the distribution in `load`. */
export async function runLoad(
  session: Session,
  test: PreparedTest,
  spec: LoadSpec,
  options: LoadOptions,
): Promise<TestResult> {
  const started = performance.now();
  const prepared = compiledOnce(test); // graded once per call: compiled once for all of them
  const opened = await openSessions(session, spec.concurrency, options.openSession);
  if ("failure" in opened) {
    return { ...baseResult(prepared, 0), status: "error", failure: { message: opened.failure } };
  }
  const { sessions, mode } = opened;
  try {
    if (spec.warmUp > 0) {
      await runPhase(sessions, prepared, { ...spec, repeat: spec.warmUp, rampMs: 0 }, options);
    }
    const recorder = new LatencyRecorder();
    const phase = await runPhase(sessions, prepared, spec, options, recorder);
    const stats = recorder.stats(phase.elapsedMs, {
      warmUp: spec.warmUp,
      concurrency: spec.concurrency,
      mode,
    });
    return verdict(prepared, spec, stats, phase, performance.now() - started);
  } finally {
    // Over stdio every worker shares the run's session, which the run closes itself.
    const extra = sessions.filter((s) => s !== session);
    await Promise.all(extra.map((s) => s.close().catch(() => {})));
  }
}

async function openSessions(
  session: Session,
  concurrency: number,
  openSession: (() => Promise<Session>) | undefined,
): Promise<{ sessions: Session[]; mode: LoadStats["mode"] } | { failure: string }> {
  if (session.server.target.kind !== "http" || !openSession || concurrency === 1) {
    return { sessions: Array.from({ length: concurrency }, () => session), mode: "pipelined" };
  }
  const sessions: Session[] = [session];
  try {
    while (sessions.length < concurrency) sessions.push(await openSession());
  } catch (error) {
    await Promise.all(sessions.slice(1).map((s) => s.close().catch(() => {})));
    const why = error instanceof Error ? error.message : String(error);
    return {
      failure: `load: could not open session ${sessions.length + 1} of ${concurrency}: ${why}`,
    };
  }
  return { sessions, mode: "sessions" };
}

/** One worker per session; each takes calls while the count (or the duration) lasts. */
async function runPhase(
  sessions: readonly Session[],
  prepared: PreparedTest,
  spec: LoadSpec,
  options: LoadOptions,
  recorder?: LatencyRecorder,
): Promise<Phase> {
  const phase: Phase = { elapsedMs: 0 };
  const start = performance.now();
  const end = spec.durationMs === undefined ? undefined : start + spec.durationMs;
  let claimed = 0;
  const claim = () => {
    if (options.deadline?.expired) return false;
    if (end !== undefined) return performance.now() < end;
    return claimed++ < (spec.repeat ?? 0);
  };
  const sleep = options.sleep ?? ((ms: number) => new Promise((r) => setTimeout(r, ms)));
  const worker = async (session: Session, index: number) => {
    const delay = (spec.rampMs * index) / sessions.length;
    if (delay > 0) await sleep(delay);
    const timed = timedSession(session);
    let unanswered = 0;
    // A worker whose calls get no answer STOP_AFTER times in a row stops: the server is gone.
    while (unanswered < STOP_AFTER && claim()) {
      const result = await executeTest(timed.session, prepared, options);
      unanswered = result.status === "error" && result.failure ? unanswered + 1 : 0;
      const failed = result.status !== "pass";
      recorder?.record(timed.lastMs(), failed);
      if (
        failed
          ? !phase.representative || phase.representative.status === "pass"
          : !phase.representative
      ) {
        phase.representative = result;
      }
    }
  };
  await Promise.all(sessions.map(worker));
  phase.elapsedMs = performance.now() - start;
  return phase;
}

/** A view of `session` that remembers the unrounded duration of its last exchange. */
function timedSession(session: Session): { session: Session; lastMs: () => number } {
  let last = 0;
  const view = new Proxy(session, {
    get(target, key) {
      if (key === "request") {
        return async (...args: Parameters<Session["request"]>) => {
          const exchange = await target.request(...args);
          last = exchange.durationMs;
          return exchange;
        };
      }
      const value = Reflect.get(target, key, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { session: view, lastMs: () => last };
}

function verdict(
  prepared: PreparedTest,
  spec: LoadSpec,
  stats: LoadStats,
  phase: Phase,
  durationMs: number,
): TestResult {
  const shown = phase.representative ?? baseResult(prepared, 0);
  const budgets = [...shown.budgets, ...evaluateLoadBudgets(spec.budgets, stats)];
  const overBudget = budgets.some((b) => b.status === "fail");
  const status = stats.samples === 0
    ? "error"
    : shown.status === "pass" && overBudget
    ? "fail"
    : shown.status;
  const note = stats.failures > 0
    ? `${stats.failures} of ${stats.samples} calls failed under load (concurrency ${stats.concurrency}); the first failure is shown`
    : stats.samples === 0
    ? "load: no call was measured (the run's --timeout passed, or the duration was too short)"
    : undefined;
  const failure = shown.failure && note
    ? { ...shown.failure, message: `${shown.failure.message} (${note})` }
    : shown.failure ?? (note ? { message: note } : undefined);
  return {
    ...shown,
    status,
    durationMs: Math.round(durationMs),
    budgets,
    ...(failure ? { failure } : {}),
    load: stats,
  };
}
