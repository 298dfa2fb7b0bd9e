/** @module EXECUTE: schedules prepared tests over one session per server and produces the RunRecord. */

import type { ServerSpec, Suite, TestCase } from "../../3_load/config/types.ts";
import type { Judge } from "../../1_matchers/types.ts";
import { McptestError } from "../../0_base/errors/errors.ts";
import type { RunRecord, ServerRecord, TestResult } from "../../4_record/run_record.ts";
import { redactRecord } from "../../4_record/redact_record.ts";
import type { CaptureSession, Session } from "../../2_connect/session/types.ts";
import type { FailureLayer } from "../../2_connect/transport/types.ts";
import { connectionFailedResult, type ExecuteOptions } from "./execute_test.ts";
import { BailState, notStarted, runOne } from "./run_one.ts";
import { RunDeadline } from "./run_deadline.ts";
import { CaptureStore, usesCaptures } from "./captures_run.ts";
import { mapPool } from "./pool.ts";
import { runInOrder } from "./run_in_order.ts";
import type { PreparedTest } from "./prepare.ts";
import { serverRecord, testsRecord } from "./tests_record.ts";
import { cassetteSecrets, gradeAsRecorded } from "./replay_grading.ts";

/** How a run is carried out. */
export interface RunOptions {
  /** Opens a session (live connect, or replay). */
  readonly connect: (server: ServerSpec) => Promise<Session>;
  /** mcptest's version, for the record. */
  readonly toolVersion: string;
  /** Tests in flight per server; default 1 (file order), or 8 for `parallel: true` servers. */
  readonly concurrency?: number;
  /** Servers connected and run at once; default 4. */
  readonly serverConcurrency?: number;
  /** Whether snapshots may be rewritten (`--update-snapshots`). */
  readonly updateSnapshots?: boolean;
  /** Under CI=true snapshot writes are refused (exit 5). */
  readonly ci?: boolean;
  /** Called as each test finishes (progress display). */
  readonly onResult?: (result: TestResult) => void;
  /** Receives each session's capture before it is closed. */
  readonly onCapture?: (capture: CaptureSession) => void;
  /** `--bail [N]`: stop starting tests after N failures; the rest are skipped with reason `--bail`. */
  readonly bail?: number;
  /** `--retries N`: extra attempts of a failing test without its own `retries:`; default 0. */
  readonly retries?: number;
  /** `--timeout`: the whole run's time limit in milliseconds; tests not started by then are errors. */
  readonly timeoutMs?: number;
  /** The judge of each test's `llm-judge` / `llm-jury` matchers; absent: they error. */
  readonly judgeFor?: (test: TestCase) => Judge;
  /** Keys of the servers replayed from a cassette (filled as they connect): graded as recorded. */
  readonly replayed?: ReadonlyMap<string, string>;
  /**
   * Whether a test's calls may go out while the test before it is graded (run_in_order.ts);
   * default true. False keeps each test's frames and its verdict together (`--verbose`).
   */
  readonly sendAhead?: boolean;
}

/** The runner's own options: the public ones plus the load runner `runSuite` hands in. */
export interface RunnerOptions extends RunOptions {
  /** Runs the tests it applies to under load (src/5_execute/load, docs/load.md), one at a time after the others. */
  readonly load?: LoadRunner;
}

/** The load runner as the runner sees it (src/5_execute/load/load_hook.ts builds it). */
export interface LoadRunner {
  /** Whether the test runs under load. */
  applies(test: PreparedTest): boolean;
  /** Run the test under load; `openSession` opens another session to its server. */
  run(
    session: Session,
    test: PreparedTest,
    options: ExecuteOptions & {
      readonly bail?: BailState;
      readonly openSession?: () => Promise<Session>;
    },
  ): Promise<TestResult>;
}

const PARALLEL_DEFAULT = 8;

/**
 * Run prepared tests and return their redacted run record (tests only: {@link runSuite} also runs
 * the suite's compliance blocks and gates).
 */
export async function runTests(
  suite: Suite,
  prepared: readonly PreparedTest[],
  options: RunOptions,
): Promise<RunRecord> {
  return redactRecord(await collectRecord(suite, prepared, options), suite.secrets);
}

/** Run prepared tests into a run record, not yet redacted (the caller redacts once, at the end). */
export async function collectRecord(
  suite: Suite,
  prepared: readonly PreparedTest[],
  options: RunnerOptions,
): Promise<RunRecord> {
  const started = performance.now();
  const startedAt = new Date().toISOString();
  const groups = groupByServer(prepared);
  const serverRecords: ServerRecord[] = [];
  const bail = new BailState(options.bail);
  const deadline = options.timeoutMs === undefined ? undefined : new RunDeadline(options.timeoutMs);
  const perGroup = await mapPool(
    [...groups.entries()],
    options.serverConcurrency ?? 4,
    async ([key, tests]) => {
      const server = suite.servers[key];
      if (!server) throw new McptestError(`internal: no server "${key}"`, 1);
      const { record, results } = await runServer(
        server,
        tests,
        options,
        suite.secrets,
        bail,
        deadline,
      );
      serverRecords.push(record);
      return results;
    },
  );
  const tests = inFileOrder(perGroup.length === 1 ? perGroup[0]! : perGroup.flat(), prepared);
  return testsRecord({
    suite,
    toolVersion: options.toolVersion,
    startedAt,
    durationMs: Math.round(performance.now() - started),
    servers: serverRecords,
    tests,
  });
}

async function runServer(
  server: ServerSpec,
  tests: readonly PreparedTest[],
  options: RunnerOptions,
  secrets: readonly string[],
  bail: BailState,
  deadline: RunDeadline | undefined,
): Promise<{ record: ServerRecord; results: TestResult[] }> {
  // A server whose tests are all skipped (skip:, or --bail already tripped) is not started.
  const early: TestResult[] = [];
  for (const test of tests) {
    const result = notStarted(test, bail, deadline);
    if (result === undefined) break; // one to run: the server starts
    early.push(result);
  }
  if (early.length === tests.length) {
    early.forEach((r) => options.onResult?.(r));
    return { record: serverRecord(server, "unused"), results: early };
  }
  let session: Session;
  const connecting = performance.now();
  try {
    session = await options.connect(server);
  } catch (error) {
    const failure = connectFailure(error);
    // Each test shows the time the failed connection attempt took, not 0ms.
    const took = performance.now() - connecting;
    const results = tests.map((t) => notStarted(t) ?? connectionFailedResult(t, failure, took));
    results.forEach((r) => {
      bail.record(r);
      options.onResult?.(r);
    });
    return { record: { ...serverRecord(server, "failed"), failure }, results };
  }
  // A replayed server's responses are the cassette's, redacted: so are the expected values.
  if (options.replayed?.has(server.key)) {
    tests = gradeAsRecorded(tests, cassetteSecrets(server, secrets));
  }
  try {
    // Tests that take or use captures run one at a time, in file order.
    const captures = usesCaptures(tests) ? new CaptureStore() : undefined;
    const limit = captures ? 1 : options.concurrency ?? (server.parallel ? PARALLEL_DEFAULT : 1);
    const shared = {
      updateSnapshots: options.updateSnapshots ?? false,
      ci: options.ci ?? false,
      secrets,
      bail,
      ...(options.judgeFor ? { judgeFor: options.judgeFor } : {}),
      ...(deadline ? { deadline } : {}),
    };
    const finish = (result: TestResult) => {
      bail.record(result);
      options.onResult?.(result);
      return result;
    };
    const load = options.load;
    const loaded = load ? tests.filter((t) => load.applies(t)) : [];
    const once = loaded.length === 0 ? tests : tests.filter((t) => !loaded.includes(t));
    const each = {
      ...shared,
      ...(captures ? { captures } : {}),
      ...(options.retries !== undefined ? { retries: options.retries } : {}),
    };
    const ahead = !captures && bail.limit === undefined && options.sendAhead !== false;
    const results = await scheduled(session, once, { limit, ahead, each, finish });
    // Load tests run one at a time, after the others: each one's distribution is its own.
    for (const test of loaded) {
      const openSession = () => options.connect(server);
      results.push(finish(await load!.run(session, test, { ...shared, openSession })));
    }
    const record = {
      ...serverRecord(server, "connected"),
      protocolVersion: session.protocolVersion,
    };
    return { record, results };
  } finally {
    options.onCapture?.(session.capture());
    await session.close();
  }
}

/** How {@link scheduled} runs a server's tests. */
interface Schedule {
  /** Tests in flight at once. */
  readonly limit: number;
  /** Whether no test depends on another's verdict (no `--bail`, no captures) and sending ahead is allowed. */
  readonly ahead: boolean;
  /** The options of each test. */
  readonly each: Parameters<typeof runOne>[2];
  /** Called with each result, in order of finishing. */
  readonly finish: (result: TestResult) => TestResult;
}

/**
 * A server's tests, `limit` at a time. One at a time with no test depending on another's verdict,
 * the next test's calls go out while the one before is graded (run_in_order.ts): the server sees
 * the same requests in the same order.
 */
function scheduled(
  session: Session,
  tests: readonly PreparedTest[],
  { limit, ahead, each, finish }: Schedule,
): Promise<TestResult[]> {
  if (limit === 1 && ahead) return runInOrder(session, tests, each, finish);
  return mapPool(tests, limit, async (test) => finish(await runOne(session, test, each)));
}

function connectFailure(error: unknown): { layer?: FailureLayer; message: string } {
  if (error instanceof McptestError) {
    const layer = (error as McptestError & { layer?: FailureLayer }).layer;
    return layer ? { layer, message: error.message } : { message: error.message };
  }
  return { message: error instanceof Error ? error.message : String(error) };
}

/**
 * The results in the file order of their tests: as they come when one server ran its tests in
 * order (most runs: no copy, no sort, and no map of ids: a string keyed in a Map is interned, a
 * copy of each id), else sorted.
 */
function inFileOrder(results: TestResult[], prepared: readonly PreparedTest[]): TestResult[] {
  // A result holds its test's id string itself: comparing them compares references.
  if (
    results.length === prepared.length && results.every((r, i) => r.id === prepared[i]!.test.id)
  ) {
    return results;
  }
  const order = new Map<string, number>();
  for (const { test } of prepared) order.set(test.id, test.order);
  return results.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
}

function groupByServer(prepared: readonly PreparedTest[]): Map<string, PreparedTest[]> {
  const groups = new Map<string, PreparedTest[]>();
  for (const item of [...prepared].sort((a, b) => a.test.order - b.test.order)) {
    const list = groups.get(item.test.serverKey) ?? [];
    list.push(item);
    groups.set(item.test.serverKey, list);
  }
  return groups;
}
